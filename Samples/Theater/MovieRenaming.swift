import CStandardOutput
import Foundation
import ObjectGraph
import SampleSupport

/// `theater --rename-movie NAME NEW-NAME`: renames one saved movie and saves, nothing else.
///
/// For the optimistic-locking demonstration: a program holding that movie (another terminal, or
/// a test) read it at version `Z_OPT` = 1; this second process writes version 2, so the first
/// program's next save of the movie fails with Core Data error 133020 instead of silently
/// overwriting the new name.
struct MovieRenaming {
    let storeURL: URL
    let oldName: String
    let newName: String
    /// Whether to wait for a line on standard input between the rename and the save (`--wait`).
    var waitsBeforeSaving = false
    let write: (String) -> Void

    func run() throws {
        let container = PersistentContainer(name: "Theater", managedObjectModel: try TheaterLecture.loadModel())
        try container.loadPersistentStore(at: storeURL)
        let context = container.viewContext
        let request = Movie.fetchRequest()
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        guard let movie = try context.fetch(request, as: Movie.self).first(where: { $0.name == oldName }) else {
            throw NoSuchMovie(name: oldName, store: storeURL.path)
        }
        movie.name = newName
        if waitsBeforeSaving {
            write("renamed \"\(oldName)\" to \"\(newName)\" in memory; the store still has the old name")
            write("now, in a second terminal:")
            write(
                "  "
                    + SampleCommand.spelled(
                        "theater", "--store \(storeURL.path) --rename-movie \(oldName) SOMETHING-ELSE"))
            write("then press Return here to save")
            // The prompt must reach a pipe before the wait, not sit in stdout's buffer.
            _ = companion_finish_standard_output()
            guard readLine() != nil else {
                write("no Return before the end of input: nothing was saved")
                return
            }
        }
        do {
            try context.save()
        } catch let error as CoreDataError where error.code == .managedObjectMerge {
            let stored = error.conflicts.first?.persistedRow?.values["name"].map { "\($0)" } ?? "?"
            write("the save failed: \(error)")
            write("another program saved the movie first (it is now \"\(stored)\"); nothing was overwritten")
            throw error
        }
        write("renamed the movie \"\(oldName)\" to \"\(newName)\" in \(storeURL.path)")
    }

    /// The store holds no movie of that name.
    struct NoSuchMovie: Error, CustomStringConvertible {
        var name: String
        var store: String
        var description: String { "no movie named \"\(name)\" in \(store)" }
    }
}
