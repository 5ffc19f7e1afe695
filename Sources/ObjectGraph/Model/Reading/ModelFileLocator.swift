import Foundation
import XMLReading

/// Finds the `contents` XML of a model given as a bundle, a version directory or a file.
struct ModelFileLocator {
    /// The `contents` file `url` stands for.
    ///
    /// An `.xcdatamodeld` bundle uses the version its `.xccurrentversion` names (or its only
    /// version); an `.xcdatamodel` directory its `contents`; anything else is taken as the XML.
    /// A directory with Xcode 3's binary `elements` file and no `contents` is reported as such.
    func contentsFile(for url: URL) throws(ModelError) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadable(path: url.path, reason: "no such file or directory")
        }
        guard isDirectory.boolValue else {
            guard FileType.isRegular(atPath: url.path) else {
                throw .unreadable(path: url.path, reason: "not a regular file")
            }
            return url
        }
        if url.pathExtension == "xcdatamodel" { return try contentsOfVersion(url) }
        if url.pathExtension == "xcdatamodeld" || !hasFile("contents", in: url) && !hasFile("elements", in: url) {
            return try versionDirectory(in: url).appendingPathComponent("contents")
        }
        return try contentsOfVersion(url)
    }

    /// The `contents` of one `.xcdatamodel` directory.
    private func contentsOfVersion(_ directory: URL) throws(ModelError) -> URL {
        if hasFile("contents", in: directory) { return directory.appendingPathComponent("contents") }
        if hasFile("elements", in: directory) { throw .binaryXcode3Model }
        throw .notAModel(reason: "\(directory.lastPathComponent) has no contents file")
    }

    /// The current version's directory inside a `.xcdatamodeld` bundle.
    private func versionDirectory(in bundle: URL) throws(ModelError) -> URL {
        let current = bundle.appendingPathComponent(".xccurrentversion")
        if FileManager.default.fileExists(atPath: current.path) {
            let name = try currentVersionName(in: current)
            let directory = bundle.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: directory.path) else {
                throw .notAModel(reason: ".xccurrentversion names \(name), which is not in the bundle")
            }
            _ = try contentsOfVersion(directory)
            return directory
        }
        let versions: [String]
        do {
            versions = try FileManager.default.contentsOfDirectory(atPath: bundle.path)
                .filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        } catch {
            throw .unreadable(path: bundle.path, reason: ModelFileLocator.reason(for: error))
        }
        guard let only = versions.first else {
            throw .notAModel(reason: "the directory holds no .xcdatamodel version")
        }
        guard versions.count == 1 else {
            throw .notAModel(
                reason: "\(versions.count) versions and no .xccurrentversion to say which is current")
        }
        let directory = bundle.appendingPathComponent(only)
        _ = try contentsOfVersion(directory)
        return directory
    }

    /// `_XCCurrentVersionName` from a `.xccurrentversion` property list.
    private func currentVersionName(in file: URL) throws(ModelError) -> String {
        guard let data = try? Data(contentsOf: file), let plist = Self.propertyListEntries(data) else {
            throw .notAModel(reason: ".xccurrentversion is not a readable property list")
        }
        guard let name = plist["_XCCurrentVersionName"], !name.isEmpty, !name.contains("/") else {
            throw .notAModel(reason: ".xccurrentversion has no _XCCurrentVersionName")
        }
        return name
    }

    /// The string entries of a property-list dictionary, XML (what Xcode writes) or binary; nil when
    /// the bytes are neither. Read with our own readers: a model handed to a student is untrusted.
    static func propertyListEntries(_ data: Data) -> [String: String]? {
        var entries: [String: String] = [:]
        if BinaryPropertyListReader.isBinaryPropertyList(data) {
            guard case .dictionary(let pairs)? = try? BinaryPropertyListReader.read(data) else { return nil }
            for pair in pairs {
                if case .string(let text) = pair.value { entries[pair.key] = text }
            }
            return entries
        }
        guard let root = try? XMLTreeReader.parse(data), root.name == "plist",
            let dictionary = root.child(named: "dict")
        else { return nil }
        // An XML plist dictionary alternates <key> and value elements.
        let children = dictionary.children
        for (key, value) in zip(children, children.dropFirst()) where key.name == "key" && value.name == "string" {
            entries[key.text] = value.text
        }
        return entries
    }

    private func hasFile(_ name: String, in directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
    }

    /// A short reason for a file-system error (`permission denied`, `is a directory`…).
    static func reason(for error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let message = strerror(Int32(underlying.code))
        {
            return String(cString: message).lowercased()
        }
        switch nsError.code {
        case NSFileReadNoPermissionError: return "permission denied"
        case NSFileReadNoSuchFileError: return "no such file or directory"
        default: return nsError.localizedDescription
        }
    }
}
