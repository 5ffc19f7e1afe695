/// Why talking to an IIO device (or reading a description of one) failed.
///
/// Every case names the file involved, so a student knows which path to look at, and a permission
/// problem says that the file needs root.
public enum IIOError: Error, Equatable, CustomStringConvertible {
    /// The process may not read or write `path`; the IIO files usually belong to root.
    case permissionDenied(path: String, writing: Bool)
    /// `path` does not exist.
    case notFound(path: String)
    /// Reading or writing `path` failed for another reason (the system's words in `reason`).
    case ioFailure(path: String, reason: String)
    /// `path` holds a value that cannot be used (a zero scale, a number that is not a number…).
    case invalidAttribute(path: String, value: String, reason: String)
    /// No IIO device directory exists under `directory`.
    case noDevices(directory: String)
    /// No device is called `name`; `available` lists the names that exist.
    case deviceNotFound(name: String, available: [String])
    /// Several devices could be meant; `candidates` lists them.
    case ambiguousDevice(source: String, candidates: [String])
    /// The device has no accelerometer channels.
    case notAnAccelerometer(device: String, missing: String)
    /// A channel description file could not be understood (`line` counts from 1; 0 when unknown).
    case malformedDescription(source: String, line: Int, reason: String)

    /// A sentence naming the file and, for permissions, what to do about it.
    public var description: String {
        switch self {
        case .permissionDenied(let path, let writing):
            return "cannot \(writing ? "write" : "read") \(path): permission denied; this file needs root "
                + "(run the command with sudo, or give your user access with a udev rule)"
        case .notFound(let path):
            return "\(path) does not exist"
        case .ioFailure(let path, let reason):
            return "cannot use \(path): \(reason)"
        case .invalidAttribute(let path, let value, let reason):
            return "\(path) holds '\(value)': \(reason)"
        case .noDevices(let directory):
            return "no IIO devices in \(directory) (is the sensor's driver loaded? try --sysfs-root for a copied tree)"
        case .malformedDescription(let source, let line, let reason):
            return line > 0 ? "\(source), line \(line): \(reason)" : "\(source): \(reason)"
        case .ambiguousDevice(let source, _):
            return "\(source) \(problem)"
        case .deviceNotFound, .notAnAccelerometer:
            return problem
        }
    }

    /// The file or directory the error is about, if it is about one.
    ///
    /// A caller that names the file itself (`companion: <file>: <problem>`) prints ``problem`` after it,
    /// so the name appears once.
    public var path: String? {
        switch self {
        case .permissionDenied(let path, _), .notFound(let path), .ioFailure(let path, _),
            .invalidAttribute(let path, _, _):
            return path
        case .noDevices(let directory):
            return directory
        case .ambiguousDevice(let source, _), .malformedDescription(let source, _, _):
            return source
        case .deviceNotFound, .notAnAccelerometer:
            return nil
        }
    }

    /// What went wrong without the file's name (``path`` says which file): `does not exist`,
    /// `line 3: channel accel_x: …`. The whole ``description`` when the error names no file.
    public var problem: String {
        switch self {
        case .permissionDenied(_, let writing):
            return "permission denied; \(writing ? "writing" : "reading") this file needs root "
                + "(run the command with sudo, or give your user access with a udev rule)"
        case .notFound:
            return "does not exist"
        case .ioFailure(_, let reason):
            return reason
        case .invalidAttribute(_, let value, let reason):
            return "it holds '\(value)': \(reason)"
        case .noDevices:
            return "no IIO devices here (is the sensor's driver loaded? try --sysfs-root for a copied tree)"
        case .deviceNotFound(let name, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "no IIO device called '\(name)' (available: \(list))"
        case .ambiguousDevice(_, let candidates):
            return "describes several devices (\(candidates.joined(separator: ", "))); pick one with --device NAME"
        case .notAnAccelerometer(let device, let missing):
            return "device '\(device)' has no \(missing) channel, so it is not a three-axis accelerometer"
        case .malformedDescription(_, let line, let reason):
            return line > 0 ? "line \(line): \(reason)" : reason
        }
    }
}
