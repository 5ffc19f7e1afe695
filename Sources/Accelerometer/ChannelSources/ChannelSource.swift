import Foundation

/// Where a raw capture's channel description comes from: a libiio XML context, `iio_info` text,
/// or a (copied) sysfs device directory. ``load(path:files:)`` tells them apart by content.
public enum ChannelSource: Sendable, Equatable {
    /// A libiio XML context file.
    case libiioContext
    /// Text printed by `iio_info`.
    case iioInfo
    /// A sysfs device directory, or a directory of `iio:deviceN` directories.
    case sysfsDirectory

    /// Reads every device the source at `path` describes.
    public static func load(path: String, files: any FileAccess = SystemFileAccess())
        throws(IIOError) -> (kind: ChannelSource, devices: [DeviceDescription])
    {
        if files.isDirectory(path) {
            return (.sysfsDirectory, try sysfsDevices(at: path, files: files))
        }
        let text = try files.readText(path)
        let start = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        if start.hasPrefix("<") {
            return (.libiioContext, try LibiioContextReader.devices(fromXML: Data(text.utf8), source: path))
        }
        return (.iioInfo, try IIOInfoReader.devices(fromText: text, source: path))
    }

    /// A device directory itself (it has `name` or `scan_elements`), or each `iio:deviceN` inside.
    private static func sysfsDevices(at path: String, files: any FileAccess) throws(IIOError) -> [DeviceDescription] {
        let device = SysfsDevice(directory: path, files: files)
        if device.scanElementsDirectory != nil || files.exists(device.path("name")) {
            return [try device.describe()]
        }
        let inside = try files.contentsOfDirectory(path).filter { $0.hasPrefix("iio:device") }
        if !inside.isEmpty {
            var devices: [DeviceDescription] = []
            for name in inside {
                devices.append(try SysfsDevice(directory: device.path(name), files: files).describe())
            }
            return devices
        }
        if files.isDirectory(SysfsDevice.devicesDirectory(sysfsRoot: path)) {
            var devices: [DeviceDescription] = []
            for found in try SysfsDevice.all(sysfsRoot: path, files: files) { devices.append(try found.describe()) }
            return devices
        }
        throw .malformedDescription(
            source: path, line: 0,
            reason: "this directory is neither an IIO device directory nor holds iio:deviceN directories")
    }
}
