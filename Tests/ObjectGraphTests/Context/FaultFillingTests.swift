import Foundation
import ObjectGraph
import Testing

/// A fault fired from the row cache gets its to-one destinations from its row, whatever entity
/// the fault fired before it was of, and the context keeps no destination alive for it.
@Suite("Filling faults")
struct FaultFillingTests {
    /// A saved theater `Odeon` with two movies and two employees (one with a badge), and another
    /// theater `Rex` with one movie; the context is reset, so every fetch returns faults.
    private static func savedCinema(_ kind: StoreKind) throws -> CinemaStack {
        try CinemaStack.savedAndReset(kind) { stack in
            let odeon = try stack.theater("Odeon", movies: ["Up", "Alien"])
            try stack.theater("Rex", movies: ["Heat"])
            for name in ["Ann", "Bob"] {
                let employee = try stack.context.insertNewObject(forEntityName: "Employee")
                employee["name"] = name
                employee["theater"] = odeon
                if name == "Ann" {
                    let badge = try stack.context.insertNewObject(forEntityName: "Badge")
                    badge["number"] = 7
                    badge["holder"] = employee
                }
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func faultsOfDifferentEntitiesFiredInTurnEachGetTheirOwnDestinations(_ kind: StoreKind) throws {
        let stack = try Self.savedCinema(kind)
        let movies = try stack.fetch("Movie", sortedBy: "name")
        let employees = try stack.fetch("Employee", sortedBy: "name")
        let badges = try stack.fetch("Badge")
        let allFaults = (movies + employees + badges).allSatisfy { $0.isFault }
        #expect(allFaults)

        // Fired alternately: each entity's to-one slots are found again after the other's.
        var theaters: [String] = []
        for (movie, employee) in zip(movies, employees + employees) {
            theaters.append((movie.value(forKey: "theater") as? ManagedObject)?.nameValue ?? "-")
            theaters.append((employee.value(forKey: "theater") as? ManagedObject)?.nameValue ?? "-")
        }
        #expect(theaters == ["Odeon", "Odeon", "Rex", "Odeon", "Odeon", "Odeon"])
        let holder = try #require(badges.first?.value(forKey: "holder") as? ManagedObject)
        #expect(holder.nameValue == "Ann" && holder === employees.first)
        let lastEmployee = try #require(employees.last)
        #expect(lastEmployee.value(forKey: "badge") == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func aFiredFaultsDestinationIsReleasedWithTheLastReferenceToIt(_ kind: StoreKind) throws {
        let stack = try Self.savedCinema(kind)
        let theater: WeakReference = try {
            let movie = try #require(try stack.fetch("Movie", sortedBy: "name").first)
            #expect(movie.isFault)
            // The movie is the last fault filled: the theater stays a fault.
            let destination = try #require(movie.value(forKey: "theater") as? ManagedObject)
            #expect(destination.isFault && destination.entity.name == "Theater")
            return WeakReference(destination)
        }()
        #expect(theater.object == nil)
        #expect(stack.context.registeredObjects.isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func faultsFiredInTurnShareTheirDestinationUntilItIsLetGoThenGetALiveOne(_ kind: StoreKind) throws {
        let stack = try Self.savedCinema(kind)
        let movies = try stack.fetch("Movie", sortedBy: "name")
        let odeonMovies = movies.filter { $0.nameValue != "Heat" }
        #expect(odeonMovies.count == 2)
        let first = try #require(odeonMovies.first)
        let second = try #require(odeonMovies.last)
        let released: WeakReference = try {
            let odeon = try #require(first.value(forKey: "theater") as? ManagedObject)
            // The next fault naming the same theater gets the very object, found without a lookup.
            let again = try #require(second.value(forKey: "theater") as? ManagedObject)
            #expect(again === odeon)
            return WeakReference(odeon)
        }()
        // Both movies let go of the theater: it goes, and the context forgets it.
        stack.context.refresh(first, mergeChanges: false)
        stack.context.refresh(second, mergeChanges: false)
        #expect(released.object == nil)
        // Fired again, the movies get a live theater, one object for both.
        let odeon = try #require(first.value(forKey: "theater") as? ManagedObject)
        #expect(odeon.value(forKey: "name") as? String == "Odeon")
        #expect(second.value(forKey: "theater") as? ManagedObject === odeon)
        #expect(stack.context.registeredObjects.contains(odeon))
    }
}
