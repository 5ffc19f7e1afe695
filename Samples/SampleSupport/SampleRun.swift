import Foundation
import ObjectGraph

/// The frame of a sample that keeps its story in a store: its options, its help, the store (the
/// one `--store` names, or a temporary one removed at the end), its model from its resources,
/// and one line on standard error for anything that goes wrong.
public enum SampleRun {
    /// Runs `body` with the store's URL, the options and the model, and returns the exit status:
    /// 0 when it finished, 1 when it failed (the error's line printed), 2 for a usage error.
    ///
    /// - Parameters:
    ///   - program: the sample's name, which starts its error lines (`books: …`).
    ///   - storeFileName: the temporary store's file name when `--store` names none.
    ///   - modelName: the model's name, for the line when it is missing.
    ///   - modelURL: the model in the sample's resources (`Bundle.module.url(…)`), nil if missing.
    ///   - moreHelp: lines printed after the options' help, below a blank line.
    ///   - body: the sample's story.
    public static func main(
        program: String, storeFileName: String, modelName: String, modelURL: URL?, moreHelp: [String] = [],
        body: (_ storeURL: URL, _ options: SampleStoreOptions, _ model: ManagedObjectModel) throws -> Void
    ) -> Int32 {
        SampleOutput.prepare()
        let options: SampleStoreOptions
        do {
            options = try SampleStoreOptions(program: program, arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
            return 2
        }
        if options.wantsHelp {
            print(options.help)
            if !moreHelp.isEmpty { print(([""] + moreHelp).joined(separator: "\n")) }
            return 0
        }
        var temporaryDirectory: URL?
        defer { if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) } }
        do {
            let storeURL: URL
            if let chosen = options.storeURL {
                storeURL = chosen
            } else {
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "\(program)-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                temporaryDirectory = directory
                storeURL = directory.appendingPathComponent(storeFileName)
            }
            guard let modelURL else {
                FileHandle.standardError.write(
                    Data("\(program): the \(modelName) model is missing from the sample's resources\n".utf8))
                return 1
            }
            try body(storeURL, options, try ManagedObjectModel(contentsOf: modelURL))
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
            return 1
        }
    }
}
