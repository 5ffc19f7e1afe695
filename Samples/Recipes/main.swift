// recipes: Apple's iPhoneCoreDataRecipes sample as a terminal program. It opens a copy of the store
// the sample ships preloaded (as an iOS app copies its bundled store into Documents on first launch),
// or with --store any Recipes store Apple's Core Data wrote, and prints each recipe: its type from the
// RecipeType lookup table, its ingredients in displayOrder, its thumbnail (a transformable attribute)
// and its full-size photo, which lives in an Image entity of its own and is loaded only when asked.
import CStandardOutput
import Foundation
import ObjectGraph
import SampleSupport

func runRecipes() -> Int32 {
    SampleOutput.prepare()
    let options: RecipesOptions
    do {
        options = try RecipesOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("recipes: \(error)\n".utf8))
        return 2
    }
    if options.showHelp {
        print(RecipesOptions.usage)
        return 0
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    do {
        guard let modelURL = Bundle.module.url(forResource: "Recipes", withExtension: "xcdatamodeld"),
            let preloaded = Bundle.module.url(forResource: "Recipes", withExtension: "sqlite")
        else {
            FileHandle.standardError.write(Data("recipes: the model or the preloaded store is missing\n".utf8))
            return 1
        }
        ImageTransformer.register()
        let model = try ManagedObjectModel(contentsOf: modelURL)
        if let path = options.preloadedPath {
            try PreloadedRecipes.write(to: URL(fileURLWithPath: path), model: model)
            print("wrote \(path)")
            return 0
        }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let source = options.storePath.map { URL(fileURLWithPath: $0) } ?? preloaded
        // Never the original: the bundled store is read-only in an app, and --store is someone's data.
        let copy = scratch.appendingPathComponent("Recipes.sqlite")
        try RecipeBook.copyStore(from: source, to: copy)
        print(options.storePath == nil ? "a copy of the preloaded store the sample ships" : "a copy of \(source.path)")
        try RecipeBook(storeURL: copy, model: model).printRecipes(showImages: true)
        return 0
    } catch {
        FileHandle.standardError.write(Data("recipes: \(error)\n".utf8))
        return 1
    }
}

companion_check_standard_output_at_exit("recipes")
exit(runRecipes())
