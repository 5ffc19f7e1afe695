import Foundation
import ObjectGraph

/// Seeds a small Habr and asks it questions with key paths, printing each key path and its answer.
struct HabrTour {
    let context: ManagedObjectContext

    func run() throws {
        try seed()
        print("Each line is a key path and what value(forKeyPath:) answers.")
        for organization in try fetch("Organization", sortedBy: "name") {
            print("")
            print("Organization \(organization["name"] as? String ?? "")")
            for keyPath in [
                "rating", "employees.@count", "employees.@avg.karma", "employees.@max.rating", "employees.@sum.karma",
                "employees.@distinctUnionOfObjects.nickname", "employees.@distinctUnionOfSets.blogposts",
            ] {
                show(organization, keyPath)
            }
        }
        for user in try fetch("User", sortedBy: "nickname") {
            print("")
            print("User \(user["nickname"] as? String ?? "")")
            for keyPath in [
                "organization.name", "blogposts.@count", "blogposts.@distinctUnionOfSets.tags",
                "blogposts.@distinctUnionOfSets.habs", "questions.@distinctUnionOfSets.responses",
            ] {
                show(user, keyPath)
            }
        }
        print("")
        // `blogposts` on Hab is a to-one relationship despite its plural: it answers one caption.
        for hab in try fetch("Hab", sortedBy: "name") {
            print("Hab \(hab["name"] as? String ?? "")")
            show(hab, "blogposts.caption")
        }
    }

    private func fetch(_ entity: String, sortedBy key: String) throws -> [ManagedObject] {
        let request = FetchRequest(entityName: entity)
        request.sortDescriptors = [ObjectSortDescriptor(key: key, ascending: true)]
        return try context.fetch(request)
    }

    private func show(_ object: ManagedObject, _ keyPath: String) {
        print("  \(keyPath) = \(Self.describe(object.value(forKeyPath: keyPath)))")
    }

    /// A value as the tour prints it: collections sorted, objects by their name or caption.
    static func describe(_ value: Any?) -> String {
        func name(_ element: Any) -> String {
            if let object = element as? ManagedObject {
                return (object["name"] ?? object["caption"] ?? object["nickname"] ?? object["text"]).map { "\($0)" }
                    ?? "?"
            }
            return "\(element)"
        }
        switch value {
        case nil: return "nil"
        case let set as Set<AnyHashable>: return "[" + set.map(name).sorted().joined(separator: ", ") + "]"
        case let set as Set<ManagedObject>: return "[" + set.map(name).sorted().joined(separator: ", ") + "]"
        case let array as [Any]: return "[" + array.map(name).sorted().joined(separator: ", ") + "]"
        case let some?: return name(some)
        }
    }

    // MARK: - Seed

    private func insert(_ entity: String, _ values: [String: Any]) throws -> ManagedObject {
        let object = try context.insertNewObject(forEntityName: entity)
        for (key, value) in values { object[key] = value }
        return object
    }

    private func seed() throws {
        let tm = try insert("Organization", ["name": "TM", "rating": 90])
        let yandex = try insert("Organization", ["name": "Yandex", "rating": 75])
        let alice = try insert(
            "User", ["nickname": "alice", "email": "alice@tm.example", "karma": 120, "rating": 40, "organization": tm])
        let boris = try insert(
            "User", ["nickname": "boris", "email": "boris@tm.example", "karma": 30, "rating": 55, "organization": tm])
        let vera = try insert(
            "User", ["nickname": "vera", "email": "vera@ya.example", "karma": 75, "rating": 20, "organization": yandex])
        let coreData = try insert("Blogpost", ["caption": "Core Data", "text": "…", "author": alice])
        let sqlite = try insert("Blogpost", ["caption": "Inside SQLite", "text": "…", "author": alice])
        let swift = try insert("Blogpost", ["caption": "Swift 6 concurrency", "text": "…", "author": vera])
        _ = try insert("Hab", ["name": "iOS", "target": true, "blogposts": coreData])
        _ = try insert("Hab", ["name": "Databases", "target": false, "blogposts": sqlite])
        _ = try insert("Hab", ["name": "Swift", "target": true, "blogposts": swift])
        for (name, post) in [("coredata", coreData), ("ios", coreData), ("sqlite", sqlite), ("swift", swift)] {
            _ = try insert("Tag", ["name": name, "blogpost": post])
        }
        let question = try insert("Question", ["caption": "Why is my fetch slow?", "text": "…", "author": boris])
        _ = try insert("Response", ["text": "Prefetch it", "question": question])
        _ = try insert("Response", ["text": "Batch it", "question": question])
        try context.save()
    }
}
