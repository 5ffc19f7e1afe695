// habr: the practical of "Pro Core Data" for iOS, the Habr model (an IT site's organizations, users,
// blog posts, hubs, tags, questions and responses), seeded into a store and walked with key paths
// and collection operators: value(forKeyPath:) answers questions about a graph without a loop.
import CStandardOutput
import Foundation
import ObjectGraph
import SampleSupport

func runHabr() -> Int32 {
    SampleOutput.prepare()
    let options: SampleStoreOptions
    do {
        options = try SampleStoreOptions(program: "habr", arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("habr: \(error)\n".utf8))
        return 2
    }
    if options.wantsHelp {
        print(options.help)
        print("")
        print("Seeds the Habr model of the Pro Core Data practical (Organization, User,")
        print("Blogpost, Hab, Tag, Question, Response) and walks it with value(forKeyPath:)")
        print("and its collection operators. Keep a store with --store PATH and read its")
        print("schema with: sqlite3 PATH .schema")
        return 0
    }
    var temporaryDirectory: URL?
    defer { if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) } }
    do {
        let storeURL: URL
        if let chosen = options.storeURL {
            storeURL = chosen
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("habr-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            temporaryDirectory = directory
            storeURL = directory.appendingPathComponent("Habr.sqlite")
        }
        guard let modelURL = Bundle.module.url(forResource: "Habr", withExtension: "xcdatamodeld") else {
            FileHandle.standardError.write(Data("habr: the Habr model is missing from the sample's resources\n".utf8))
            return 1
        }
        let model = try ManagedObjectModel(contentsOf: modelURL)
        let container = PersistentContainer(name: "Habr", managedObjectModel: model)
        try SampleStore.open(
            storeURL, in: container, reset: options.reset, seededEntity: "Organization", contents: "organizations")
        try HabrTour(context: container.viewContext).run()
        return 0
    } catch {
        FileHandle.standardError.write(Data("habr: \(error)\n".utf8))
        return 1
    }
}

companion_check_standard_output_at_exit("habr")
exit(runHabr())
