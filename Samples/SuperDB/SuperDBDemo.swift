import Foundation
import ObjectGraph
import SampleSupport

/// The lecture's SuperDB: heroes with powers, the four fetched properties, editing in a child
/// context that can be cancelled, and deleting a power.
struct SuperDBDemo {
    let container: PersistentContainer
    let context: ManagedObjectContext
    let heroes: FetchedResultsController

    /// Creates the store at `storeURL` (deleting an earlier one first when `reset`) and seeds it.
    ///
    /// - Throws: ``SampleStore/AlreadyUsed`` for an earlier run's store kept without `reset`.
    init(storeURL: URL, reset: Bool, model: ManagedObjectModel) throws {
        container = PersistentContainer(name: "SuperDB", managedObjectModel: model)
        try SampleStore.open(storeURL, in: container, reset: reset, seededEntity: "Hero", contents: "heroes")
        context = container.viewContext
        try Self.seed(context)
        let request = FetchRequest(entityName: "Hero")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        heroes = FetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        try heroes.performFetch()
    }

    private static func seed(_ context: ManagedObjectContext) throws {
        for seed in SeedHeroes.all {
            let hero = try context.insertNewObject(forEntityName: "Hero")
            hero["name"] = seed.name
            hero["secretIdentity"] = seed.secretIdentity
            hero["birthdate"] = SeedHeroes.date(seed.birthdate)
            hero["sex"] = seed.sex
            for power in seed.powers {
                let object = try context.insertNewObject(forEntityName: "Power")
                object["name"] = power.name
                object["source"] = power.source
                object["hero"] = hero
            }
        }
        try context.save()
    }

    // MARK: - Printing

    private static func names(_ value: Any?) -> String {
        let objects: [ManagedObject]
        switch value {
        case let array as [ManagedObject]: objects = array
        case let set as Set<ManagedObject>: objects = Array(set)
        default: objects = []
        }
        let names = objects.compactMap { $0["name"] as? String }.sorted()
        return names.isEmpty ? "-" : names.joined(separator: ", ")
    }

    private static func born(_ hero: ManagedObject) -> String {
        (hero["birthdate"] as? Date).map(SeedHeroes.text) ?? "unknown"
    }

    private func printHeroes() {
        print("Heroes:")
        for hero in heroes.fetchedObjects ?? [] {
            let name = (hero["name"] as? String ?? "").padding(toLength: 13, withPad: " ", startingAt: 0)
            let identity = (hero["secretIdentity"] as? String ?? "").padding(toLength: 13, withPad: " ", startingAt: 0)
            let sex = (hero["sex"] as? String ?? "").padding(toLength: 7, withPad: " ", startingAt: 0)
            // Within 80 columns: a projector, a narrow terminal.
            print("  \(name)\(identity)\(Self.born(hero)) \(sex)\(Self.names(hero["powers"]))")
        }
    }

    private func printFetchedProperties(of hero: ManagedObject) {
        let name = hero["name"] as? String ?? ""
        let sex = hero["sex"] as? String ?? ""
        print("Fetched properties of \(name), born \(Self.born(hero)), \(sex):")
        for key in ["olderHeroes", "youngerHeroes", "sameSexHeroes", "oppositeSexHeroes"] {
            print("  \(key.padding(toLength: 18, withPad: " ", startingAt: 0)) \(Self.names(hero[key]))")
        }
    }

    private func step(_ text: String) {
        print("")
        print("> \(text)")
    }

    private func hero(named name: String) -> ManagedObject? {
        heroes.fetchedObjects?.first { $0["name"] as? String == name }
    }

    /// Counts the powers in the store itself, through a context of its own.
    private func powersInStore() throws -> Int {
        let reader = container.newBackgroundContext()
        return try reader.performAndWait { try reader.count(for: FetchRequest(entityName: "Power")) }
    }

    // MARK: - The walk-through

    func run() throws {
        printHeroes()
        print("")
        guard let spiderMan = hero(named: "Spider-Man"), let batman = hero(named: "Batman"),
            let superman = hero(named: "Superman"), let storm = hero(named: "Storm")
        else { return }
        printFetchedProperties(of: spiderMan)

        step("edit Batman in an editing (child) context: add the power \"Wealth\", then Cancel")
        do {
            let editor = ManagedObjectContext(concurrencyType: .mainQueue, parent: context)
            let editedBatman = editor.object(with: batman.objectID)
            let wealth = try editor.insertNewObject(forEntityName: "Power")
            wealth["name"] = "Wealth"
            wealth["source"] = "Inheritance"
            wealth["hero"] = editedBatman
            print("  in the editing context, Batman's powers: \(Self.names(editedBatman["powers"]))")
        }
        print("  after Cancel, Batman's powers: \(Self.names(batman["powers"]))")
        print("  view context has changes: \(context.hasChanges); powers in the store: \(try powersInStore())")

        step("edit Batman again: add \"Detective Skills\" (Training), then Save")
        let editor = ManagedObjectContext(concurrencyType: .mainQueue, parent: context)
        let editedBatman = editor.object(with: batman.objectID)
        let skills = try editor.insertNewObject(forEntityName: "Power")
        skills["name"] = "Detective Skills"
        skills["source"] = "Training"
        skills["hero"] = editedBatman
        try editor.save()
        print("  after the editing context saves, Batman's powers: \(Self.names(batman["powers"]))")
        print("  powers in the store: \(try powersInStore())")
        try context.save()
        print("  after the view context saves, powers in the store: \(try powersInStore())")

        step("delete Superman's power \"Flight\"")
        if let flight = (superman["powers"] as? Set<ManagedObject>)?.first(where: { $0["name"] as? String == "Flight" })
        {
            context.delete(flight)
        }
        print("  at once, before saving, Superman's powers: \(Self.names(superman["powers"]))")
        try context.save()
        print("  after saving, powers in the store: \(try powersInStore())")

        step("Storm's birthdate becomes 1930-01-01; fetched properties wait for a refresh")
        storm["birthdate"] = SeedHeroes.date("1930-01-01")
        try context.save()
        print("  Spider-Man's olderHeroes, not yet refreshed: \(Self.names(spiderMan["olderHeroes"]))")
        context.refresh(spiderMan, mergeChanges: true)
        print("  after refresh(_:mergeChanges:): \(Self.names(spiderMan["olderHeroes"]))")

        print("")
        printHeroes()
    }
}
