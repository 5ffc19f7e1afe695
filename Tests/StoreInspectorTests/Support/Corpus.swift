import Foundation
import TestSupport

/// The real Core Data stores of `Tests/Fixtures/coredata` the inspector's tests read, copied
/// before use (see `Fixtures`).
enum Corpus {
    /// The package root.
    static var packageRoot: URL { PackagePaths.root }

    /// `Tests/Fixtures/coredata`.
    static var directory: URL { Fixtures.coreData }

    /// Every store file of the fixtures (not the siblings or models), by file name.
    static var storeNames: [String] { Fixtures.storeNames }

    static let recipes = "alhoqbani__AppleSample-iPhoneCoreDataRecipes__Recipes.sqlite"
    static let books = "thoughtcroft__coredatabooks__CoreDataBooks.CDBStore"
    static let sampleModel = "alemar11__CoreDataPlus__SampleModel_V1.sqlite"
    static let sampleModel2 = "alemar11__CoreDataPlus__SampleModel2_V1.sqlite"
    static let bookmarks = "duckduckgo__BrowserServicesKit__Bookmarks_V4.sqlite"
    static let migration = "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite"
}
