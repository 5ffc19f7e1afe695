import Foundation
import ObjectGraph

/// The store the sample ships preloaded (`Samples/Recipes/Recipes.sqlite`), and how it was made:
/// `recipes --write-preloaded PATH` writes it again, the way the app's authors made theirs.
enum PreloadedRecipes {
    /// The recipe types, a lookup table every recipe points into.
    static let types = ["Bread", "Dessert", "Entrée", "Snack"]

    /// The recipes: name, type, preparation time, overview, and ingredients in display order.
    static let recipes:
        [(name: String, type: String, time: String, overview: String, ingredients: [(String, String)])] = [
            (
                "Chocolate Cake", "Dessert", "1 hour", "A rich, moist cake for birthdays.",
                [
                    ("Dark chocolate", "200 g"), ("Butter", "150 g"), ("Sugar", "150 g"), ("Eggs", "4"),
                    ("Flour", "50 g"),
                ]
            ),
            (
                "Guacamole", "Snack", "10 min", "Avocado, lime and chili, mashed together.",
                [("Avocados", "3"), ("Lime", "1"), ("Red onion", "½"), ("Chili", "1"), ("Salt", "a pinch")]
            ),
            (
                "Soda Bread", "Bread", "45 min", "Irish bread with no yeast and no waiting.",
                [("Flour", "500 g"), ("Baking soda", "1 tsp"), ("Salt", "1 tsp"), ("Buttermilk", "400 ml")]
            ),
        ]

    /// Writes the preloaded store at `url` (which must not exist yet).
    static func write(to url: URL, model: ManagedObjectModel) throws {
        let container = PersistentContainer(name: "Recipes", managedObjectModel: model)
        try container.loadPersistentStore(at: url)
        let context = container.viewContext
        var typeObjects: [String: ManagedObject] = [:]
        for name in types {
            let type = try context.insertNewObject(forEntityName: "RecipeType")
            type["name"] = name
            typeObjects[name] = type
        }
        for recipe in recipes {
            let object = try context.insertNewObject(forEntityName: "Recipe")
            object["name"] = recipe.name
            object["prepTime"] = recipe.time
            object["overview"] = recipe.overview
            object["instructions"] = "Mix, then cook as your grandmother did."
            object["type"] = typeObjects[recipe.type]
            object["thumbnailImage"] = Photo(data: thumbnail)
            let image = try context.insertNewObject(forEntityName: "Image")
            image["image"] = Photo(data: photo)
            image["recipe"] = object
            for (order, ingredient) in recipe.ingredients.enumerated() {
                let row = try context.insertNewObject(forEntityName: "Ingredient")
                row["name"] = ingredient.0
                row["amount"] = ingredient.1
                row["displayOrder"] = order + 1
                row["recipe"] = object
            }
        }
        try context.save()
    }

    private static func hexBytes(_ hex: String) -> Data {
        var data = Data()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            data.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return data
    }

    // Solid-colour PNGs (60×40 and 240×160) stand in for the photos: the point is where they live.
    static let thumbnail = hexBytes(
        "89504e470d0a1a0a0000000d494844520000003c0000002808020000002dd90ea80000003b4944415478daedce410900"
            + "000804b00b6630231acb143e84c1022cd3f54ea4a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a52f2d"
            + "bf70eb44a12195150000000049454e44ae426082")
    static let photo = hexBytes(
        "89504e470d0a1a0a0000000d49484452000000f0000000a00802000000bdb97632000001444944415478daedd2410d00"
            + "0008c4b013863024220b157c48932a5896e98237220186064383a1c1d0181a0c0d86064383a13134181a0c0d86064363"
            + "683034181a0c0d86c6d060683034181a0c8da1c1d060683034181a4383a1c1d06068303486064383a1c1d0181a0c0d86"
            + "064383a13134181a0c0d86064363683034181a0c0d86c6d060683034181a0c8da1c1d060683034181a4383a1c1d06068"
            + "303486064383a1c1d060680c0d86064383a13134181a0c0d86064363683034181a0c0d86c6d060683034181a0c8da1c1"
            + "d060683034181a4383a1c1d06068303486064383a1c1d060680c0d86064383a131b40a181a0c0d86064363683034181a"
            + "0c0d86c6d060683034181a0c8da1c1d060683034181a4383a1c1d06068303486064383a1c1d060680c0d86064383a1c1"
            + "d0181a0c0d86064363683034181a0c0d86c6d060683034dc587854b5036b0bdbbd0000000049454e44ae426082")
}
