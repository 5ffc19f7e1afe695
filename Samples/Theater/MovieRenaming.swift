import Foundation
import ObjectGraph

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
    let write: (String) -> Void

    func run() throws {
        let container = PersistentContainer(name: "Theater", managedObjectModel: try TheaterLecture.loadModel())
        try container.loadPersistentStore(at: storeURL)
        let context = container.viewContext
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        guard let movie = try context.fetch(request).first(where: { $0.value(forKey: "name") as? String == oldName })
        else {
            throw NoSuchMovie(name: oldName, store: storeURL.path)
        }
        movie.setValue(newName, forKey: "name")
        try context.save()
        write("renamed the movie \"\(oldName)\" to \"\(newName)\" in \(storeURL.path)")
    }

    /// The store holds no movie of that name.
    struct NoSuchMovie: Error, CustomStringConvertible {
        var name: String
        var store: String
        var description: String { "no movie named \"\(name)\" in \(store)" }
    }
}
