// The first lecture's sample: Core Data's stack, a theater with movies, and a cascade delete.
// `swift run theater` (or `make run`); `--help` lists the flags.
import CStandardOutput
import Foundation
import SampleSupport

// Output lost to a full disk or /dev/full is a failure, not a silent success.
companion_check_standard_output_at_exit("theater")
SampleOutput.prepare()
// Inserts and fetches hand out the generated Theater and Movie classes, not plain ManagedObjects.
TheaterModel.registerClasses()
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let options = try TheaterOptions(arguments: arguments)
    if options.showHelp {
        print(TheaterOptions.usage)
        exit(0)
    }
    if let renaming = options.renaming {
        let url = URL(fileURLWithPath: options.storePath).standardizedFileURL
        try MovieRenaming(
            storeURL: url, oldName: renaming.from, newName: renaming.to, waitsBeforeSaving: options.waitsBeforeSaving,
            write: { print($0) }
        ).run()
    } else {
        try TheaterLecture(options: options, write: { print($0) }).run()
    }
} catch let error as TheaterOptions.UsageError {
    FileHandle.standardError.write(Data("theater: \(error.description)\n".utf8))
    exit(2)
} catch {
    // What was narrated comes before the error, also through a pipe.
    _ = companion_finish_standard_output()
    FileHandle.standardError.write(Data("theater: \(error)\n".utf8))
    exit(1)
}
