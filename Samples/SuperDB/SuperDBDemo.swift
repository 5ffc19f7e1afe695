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
        let request = Hero.fetchRequest()
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        heroes = FetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        try heroes.performFetch()
    }

    private static func seed(_ context: ManagedObjectContext) throws {
        for seed in SeedHeroes.all {
            let hero = Hero(context: context)
            hero.name = seed.name
            hero.secretIdentity = seed.secretIdentity
            hero.birthdate = SeedHeroes.date(seed.birthdate)
            hero.sex = seed.sex
            for power in seed.powers {
                let object = Power(context: context)
                object.name = power.name
                object.source = power.source
                hero.addToPowers(object)
            }
        }
        try context.save()
    }

    // MARK: - Printing

    /// The names, sorted and joined, or `-` for none.
    private static func names(_ names: some Sequence<String?>) -> String {
        let sorted = names.compactMap { $0 }.sorted()
        return sorted.isEmpty ? "-" : sorted.joined(separator: ", ")
    }

    /// The names of a hero's powers.
    private static func powers(of hero: Hero) -> String {
        names(hero.powers.map(\.name))
    }

    private static func born(_ hero: Hero) -> String {
        hero.birthdate.map(SeedHeroes.text) ?? "unknown"
    }

    private func printHeroes() {
        print("Heroes:")
        for hero in (heroes.fetchedObjects ?? []).compactMap({ $0 as? Hero }) {
            let name = (hero.name ?? "").padding(toLength: 13, withPad: " ", startingAt: 0)
            let identity = (hero.secretIdentity ?? "").padding(toLength: 13, withPad: " ", startingAt: 0)
            let sex = (hero.sex ?? "").padding(toLength: 7, withPad: " ", startingAt: 0)
            // Within 80 columns: a projector, a narrow terminal.
            print("  \(name)\(identity)\(Self.born(hero)) \(sex)\(Self.powers(of: hero))")
        }
    }

    private func printFetchedProperties(of hero: Hero) {
        print("Fetched properties of \(hero.name ?? ""), born \(Self.born(hero)), \(hero.sex ?? ""):")
        // The generated class's typed fetched properties: arrays of Hero, evaluated on first use.
        let fetched = [
            ("olderHeroes", hero.olderHeroes), ("youngerHeroes", hero.youngerHeroes),
            ("sameSexHeroes", hero.sameSexHeroes), ("oppositeSexHeroes", hero.oppositeSexHeroes),
        ]
        for (key, heroes) in fetched {
            print("  \(key.padding(toLength: 18, withPad: " ", startingAt: 0)) \(Self.names(heroes.map(\.name)))")
        }
    }

    private func step(_ text: String) {
        print("")
        print("> \(text)")
    }

    private func hero(named name: String) -> Hero? {
        heroes.fetchedObjects?.lazy.compactMap { $0 as? Hero }.first { $0.name == name }
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
            let editedBatman = editor.object(with: batman.objectID) as? Hero
            let wealth = Power(context: editor)
            wealth.name = "Wealth"
            wealth.source = "Inheritance"
            wealth.hero = editedBatman
            print("  in the editing context, Batman's powers: \(editedBatman.map(Self.powers(of:)) ?? "-")")
        }
        print("  after Cancel, Batman's powers: \(Self.powers(of: batman))")
        print("  view context has changes: \(context.hasChanges); powers in the store: \(try powersInStore())")

        step("edit Batman again: add \"Detective Skills\" (Training), then Save")
        let editor = ManagedObjectContext(concurrencyType: .mainQueue, parent: context)
        let editedBatman = editor.object(with: batman.objectID) as? Hero
        let skills = Power(context: editor)
        skills.name = "Detective Skills"
        skills.source = "Training"
        skills.hero = editedBatman
        try editor.save()
        print("  after the editing context saves, Batman's powers: \(Self.powers(of: batman))")
        print("  powers in the store: \(try powersInStore())")
        try context.save()
        print("  after the view context saves, powers in the store: \(try powersInStore())")

        step("delete Superman's power \"Flight\"")
        if let flight = superman.powers.first(where: { $0.name == "Flight" }) {
            context.delete(flight)
        }
        print("  at once, before saving, Superman's powers: \(Self.powers(of: superman))")
        try context.save()
        print("  after saving, powers in the store: \(try powersInStore())")

        step("Storm's birthdate becomes 1930-01-01; fetched properties wait for a refresh")
        storm.birthdate = SeedHeroes.date("1930-01-01")
        try context.save()
        print("  Spider-Man's olderHeroes, not yet refreshed: \(Self.names(spiderMan.olderHeroes.map(\.name)))")
        context.refresh(spiderMan, mergeChanges: true)
        print("  after refresh(_:mergeChanges:): \(Self.names(spiderMan.olderHeroes.map(\.name)))")

        print("")
        printHeroes()
    }
}
