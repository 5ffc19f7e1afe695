// books: Apple's CoreDataBooks as a terminal program. Books are listed by author through a
// fetched results controller, printed the way a table view shows them; then books are added,
// edited and deleted, and every event the controller's delegate receives is printed as it arrives.
import CStandardOutput
import Foundation
import ObjectGraph
import SampleSupport

func runBooks() -> Int32 {
    SampleOutput.prepare()
    // Inserts and fetches hand out the class generated from Books.xcdatamodeld (Book).
    BooksModel.registerClasses()
    let options: SampleStoreOptions
    do {
        options = try SampleStoreOptions(program: "books", arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("books: \(error)\n".utf8))
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
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("books-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            temporaryDirectory = directory
            storeURL = directory.appendingPathComponent("CoreDataBooks.sqlite")
        }
        guard let modelURL = Bundle.module.url(forResource: "Books", withExtension: "xcdatamodeld") else {
            FileHandle.standardError.write(Data("books: the Books model is missing from the sample's resources\n".utf8))
            return 1
        }
        let model = try ManagedObjectModel(contentsOf: modelURL)
        try BooksDemo(storeURL: storeURL, reset: options.reset, model: model).run()
        return 0
    } catch {
        FileHandle.standardError.write(Data("books: \(error)\n".utf8))
        return 1
    }
}

// Output lost to a full disk or /dev/full is a failure, not a silent success.
companion_check_standard_output_at_exit("books")
exit(runBooks())
