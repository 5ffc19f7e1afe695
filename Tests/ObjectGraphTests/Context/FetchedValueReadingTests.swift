import Foundation
import ObjectGraph
import Testing

/// `value(forKey:)` on fetched objects reads attributes and to-one destinations by the slot their
/// row's layout gives the key; what it reads must stay what the object currently holds.
@Suite("Reading fetched values")
struct FetchedValueReadingTests {
    @Test func aFetchedToOneReadsItsCurrentDestinationThroughEveryChange() throws {
        let stack = try CinemaStack(.sqlite)
        try stack.theater("Odeon", movies: ["Up"])
        try stack.theater("Rex")
        try stack.context.save()
        stack.context.reset()

        let movie = try #require(try stack.fetch("Movie").first)
        let theaters = try stack.fetch("Theater", sortedBy: "name")
        try #require(theaters.count == 2)
        #expect((movie["theater"] as? ManagedObject) === theaters[0])
        #expect(movie["name"] as? String == "Up")

        movie["theater"] = theaters[1]
        #expect((movie.value(forKey: "theater") as? ManagedObject) === theaters[1])
        movie["theater"] = nil
        #expect(movie.value(forKey: "theater") == nil)
        stack.context.rollback()
        #expect((movie.value(forKey: "theater") as? ManagedObject) === theaters[0])
    }

    @Test(arguments: [false, true])
    func rowsInTurnNamingTheSameOrAnotherDestinationEachGetTheirOwn(returnsFaults: Bool) throws {
        // A fetch remembers the last row's destination; runs of one theater, changes of theater
        // and movies without one must each still point at their own.
        let plan: [(movie: String, theater: String?)] = [
            ("a", "Odeon"), ("b", "Odeon"), ("c", "Rex"), ("d", "Odeon"), ("e", nil), ("f", "Rex"), ("g", "Rex"),
        ]
        let stack = try CinemaStack.savedAndReset(.sqlite) { stack in
            let theaters = ["Odeon": try stack.theater("Odeon"), "Rex": try stack.theater("Rex")]
            for entry in plan {
                let movie = try stack.movie(entry.movie)
                movie["theater"] = entry.theater.flatMap { theaters[$0] }
            }
        }
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        request.returnsObjectsAsFaults = returnsFaults
        let movies = try stack.context.fetch(request)
        try #require(movies.count == plan.count)
        for (movie, entry) in zip(movies, plan) {
            let theater = movie.value(forKey: "theater", as: ManagedObject.self)
            #expect(theater?.value(forKey: "name", as: String.self) == entry.theater, "\(entry.movie)")
        }
        let odeons = movies.compactMap { $0.value(forKey: "theater", as: ManagedObject.self) }
            .filter { $0["name"] as? String == "Odeon" }
        #expect(odeons.count == 3 && Set(odeons).count == 1)
    }

    @Test func aFetchedObjectReadsChangedAttributesAndLeavesOtherKeysToTheEntity() throws {
        let stack = try CinemaStack(.sqlite)
        try stack.theater("Odeon", movies: ["Up", "Cars"])
        try stack.context.save()
        stack.context.reset()

        let movies = try stack.fetch("Movie", sortedBy: "name")
        let movie = try #require(movies.first)
        movie["runtime"] = 117
        #expect(movie.value(forKey: "runtime") as? Int == 117)
        #expect(movie.value(forKey: "name") as? String == "Cars")
        // Keys the row does not have: a to-many, a key the entity lacks.
        #expect(movie.value(forKey: "playlists") as? Set<ManagedObject> == [])
        #expect(movie.value(forKey: "noSuchKey") == nil)
        let theater = try #require(movie["theater"] as? ManagedObject)
        #expect(theater.names("movies") == ["Cars", "Up"])
    }

    @Test func changingOneFetchedObjectLeavesTheOthersOfItsFetchAsStored() throws {
        let stack = try CinemaStack(.sqlite)
        let names = (0..<40).map { "Movie \($0)" }
        try stack.theater("Odeon", movies: names)
        try stack.context.save()
        stack.context.reset()

        // The fetch's rows share value storage; each object must still own its values.
        let movies = try stack.fetch("Movie", sortedBy: "name")
        try #require(movies.count == names.count)
        movies[7]["name"] = "Up"
        movies[7]["runtime"] = 96
        #expect(movies[7]["name"] as? String == "Up")
        let others = movies.indices.filter { $0 != 7 }
        #expect(others.allSatisfy { movies[$0]["name"] as? String == names.sorted()[$0] })
        #expect(others.allSatisfy { movies[$0]["runtime"] as? Int == 90 })
        #expect(movies[7].changedValues().keys.sorted() == ["name", "runtime"])
        stack.context.rollback()
        #expect(movies[7]["name"] as? String == names.sorted()[7] && movies[7]["runtime"] as? Int == 90)
    }
}
