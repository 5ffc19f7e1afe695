/// One IIO device directory (`<root>/bus/iio/devices/iio:deviceN`), or a copy of one.
///
/// All reads go through a ``FileAccess``, so a test can build a fake tree in a temporary directory
/// and `companion accel --sysfs-root DIR` can read a copied `/sys` (DESIGN.md §6).
public struct SysfsDevice: Sendable {
    /// The device directory.
    public let directory: String
    /// The kernel's identifier (the directory's last component), for example `iio:device0`.
    public let identifier: String
    let files: any FileAccess

    /// Wraps a device directory.
    public init(directory: String, files: any FileAccess = SystemFileAccess()) {
        var trimmed = directory
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.directory = trimmed
        self.identifier = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        self.files = files
    }

    /// The directory holding the devices under a sysfs root (`/sys` → `/sys/bus/iio/devices`).
    public static func devicesDirectory(sysfsRoot: String) -> String {
        join(sysfsRoot, "bus/iio/devices")
    }

    /// Every `iio:deviceN` under `sysfsRoot`, in number order.
    public static func all(sysfsRoot: String = "/sys", files: any FileAccess = SystemFileAccess())
        throws(IIOError) -> [SysfsDevice]
    {
        let directory = devicesDirectory(sysfsRoot: sysfsRoot)
        let names: [String]
        do {
            names = try files.contentsOfDirectory(directory)
        } catch .notFound {
            throw .noDevices(directory: directory)
        }
        let devices = names.filter { $0.hasPrefix("iio:device") }
            .sorted { (Int($0.dropFirst(10)) ?? 0) < (Int($1.dropFirst(10)) ?? 0) }
            .map { SysfsDevice(directory: join(directory, $0), files: files) }
        guard !devices.isEmpty else { throw .noDevices(directory: directory) }
        return devices
    }

    /// The device called `name` (its `name` file or its identifier), or else the first accelerometer.
    public static func find(
        named name: String?, sysfsRoot: String = "/sys", files: any FileAccess = SystemFileAccess()
    ) throws(IIOError) -> SysfsDevice {
        let devices = try all(sysfsRoot: sysfsRoot, files: files)
        var names: [String] = []
        for device in devices {
            let deviceName = try device.name()
            names.append(deviceName)
            if let name {
                if name == deviceName || name == device.identifier { return device }
            } else if try device.hasAccelerometer() {
                return device
            }
        }
        if let name { throw .deviceNotFound(name: name, available: names) }
        throw .notAnAccelerometer(device: devicesDirectory(sysfsRoot: sysfsRoot), missing: "in_accel_x_raw")
    }

    /// The path of an attribute file inside the device directory.
    public func path(_ attribute: String) -> String {
        Self.join(directory, attribute)
    }

    /// The driver's name for the chip; the identifier when the `name` file is missing.
    public func name() throws(IIOError) -> String {
        try files.readOptionalText(path("name")) ?? identifier
    }

    /// Whether the device has polled acceleration channels or acceleration scan elements.
    public func hasAccelerometer() throws(IIOError) -> Bool {
        if files.exists(path("in_accel_x_raw")) { return true }
        guard let elements = scanElementsDirectory else { return false }
        return files.exists(Self.join(elements, "in_accel_x_type"))
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
