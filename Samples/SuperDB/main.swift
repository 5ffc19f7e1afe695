// superdb: the SuperDB sample (heroes and their powers) as a terminal program. It shows the four
// fetched properties of a hero, an edit in a child context that is cancelled without a trace, an
// edit that is saved through the parent to the store, and a deleted power leaving its hero at once.
import CStandardOutput
import Foundation
import ObjectGraph
import SampleSupport

func runSuperDB() -> Int32 {
    SampleOutput.prepare()
    // Inserts and fetches hand out the classes generated from SuperDB.xcdatamodeld (Hero, Power).
    SuperDBModel.registerClasses()
    let options: SampleStoreOptions
    do {
        options = try SampleStoreOptions(program: "superdb", arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("superdb: \(error)\n".utf8))
        return 2
    }
    if options.wantsHelp {
        print(options.help)
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
                "superdb-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            temporaryDirectory = directory
            storeURL = directory.appendingPathComponent("SuperDB.sqlite")
        }
        guard let modelURL = Bundle.module.url(forResource: "SuperDB", withExtension: "xcdatamodeld") else {
            FileHandle.standardError.write(
                Data("superdb: the SuperDB model is missing from the sample's resources\n".utf8))
            return 1
        }
        let model = try ManagedObjectModel(contentsOf: modelURL)
        try SuperDBDemo(storeURL: storeURL, reset: options.reset, model: model).run()
        return 0
    } catch {
        FileHandle.standardError.write(Data("superdb: \(error)\n".utf8))
        return 1
    }
}

// Output lost to a full disk or /dev/full is a failure, not a silent success.
companion_check_standard_output_at_exit("superdb")
exit(runSuperDB())
