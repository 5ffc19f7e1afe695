import Foundation
import ObjectGraph

/// The recipes of one store, printed the way the app's list and detail screens show them.
struct RecipeBook {
    let context: ManagedObjectContext

    /// Opens the store at `storeURL` (a copy: see ``copyStore(from:to:)``).
    init(storeURL: URL, model: ManagedObjectModel) throws {
        let container = PersistentContainer(name: "Recipes", managedObjectModel: model)
        try container.loadPersistentStore(at: storeURL)
        context = container.viewContext
    }

    /// Copies a store with its `-wal` and `-shm` files, as an app copies its bundled store.
    static func copyStore(from source: URL, to destination: URL) throws {
        for suffix in ["", "-wal", "-shm"] {
            let from = URL(fileURLWithPath: source.path + suffix)
            guard FileManager.default.fileExists(atPath: from.path) else { continue }
            try FileManager.default.copyItem(at: from, to: URL(fileURLWithPath: destination.path + suffix))
        }
    }

    /// Prints every recipe, sorted by name, with its type, ingredients and pictures.
    func printRecipes(showImages: Bool) throws {
        let types = FetchRequest(entityName: "RecipeType")
        types.sortDescriptors = [ObjectSortDescriptor(key: "name", ascending: true)]
        let typeNames = try context.fetch(types).compactMap { $0["name"] as? String }
        print("recipe types (a lookup table): \(typeNames.joined(separator: ", "))")
        let request = FetchRequest(entityName: "Recipe")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name", ascending: true)]
        for recipe in try context.fetch(request) {
            print("")
            let type = recipe.value(forKeyPath: "type.name") as? String ?? "no type"
            let time = recipe["prepTime"] as? String ?? "?"
            print("\(recipe["name"] as? String ?? "(no name)") · \(type) · \(time)")
            if let overview = recipe["overview"] as? String, !overview.isEmpty { print("  \(overview)") }
            // A to-many relationship is a set: the order is an attribute of the ingredient.
            let ingredients = (recipe["ingredients"] as? Set<ManagedObject> ?? []).sorted {
                ($0["displayOrder"] as? Int ?? 0) < ($1["displayOrder"] as? Int ?? 0)
            }
            for ingredient in ingredients {
                let amount = ingredient["amount"] as? String ?? ""
                print(
                    "  \(ingredient["displayOrder"] as? Int ?? 0). \(ingredient["name"] as? String ?? "")"
                        + (amount.isEmpty ? "" : " (\(amount))"))
            }
            if let thumbnail = recipe["thumbnailImage"] {
                print("  thumbnail (transformable, in the recipe's row): \(thumbnail)")
            }
            if showImages, let image = recipe["image"] as? ManagedObject {
                // The photo's row is read only now, when it is shown: the list never loads it.
                print("  photo (its own Image row, loaded on demand): \(image["image"] ?? "none")")
            }
        }
    }
}
