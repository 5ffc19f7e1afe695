// books: Apple's CoreDataBooks as a terminal program. Books are listed by author through a
// fetched results controller, printed the way a table view shows them; then books are added,
// edited and deleted, and every event the controller's delegate receives is printed as it arrives.
import CStandardOutput
import Foundation
import ObjectGraph
import SampleSupport

func runBooks() -> Int32 {
    // Inserts and fetches hand out the class generated from Books.xcdatamodeld (Book).
    BooksModel.registerClasses()
    return SampleRun.main(
        program: "books", storeFileName: "CoreDataBooks.sqlite", modelName: "Books",
        modelURL: Bundle.module.url(forResource: "Books", withExtension: "xcdatamodeld")
    ) { storeURL, options, model in
        try BooksDemo(storeURL: storeURL, reset: options.reset, model: model).run()
    }
}

// Output lost to a full disk or /dev/full is a failure, not a silent success.
companion_check_standard_output_at_exit("books")
exit(runBooks())
