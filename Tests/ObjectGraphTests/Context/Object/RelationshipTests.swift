import Foundation
import ObjectGraph
import Testing

@Suite("Relationships and their inverses")
struct RelationshipTests {
    @Test(arguments: StoreKind.allCases)
    func settingToOneAddsToTheInverseSet(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        let movie = try stack.movie("Up")
        movie["theater"] = theater

        #expect(theater.names("movies") == ["Up"])
        movie["theater"] = nil
        #expect(theater.names("movies").isEmpty)
    }

    @Test(arguments: [false, true])
    func aStoredOwnerGainingAMemberIsChangedOnceWhetherOrNotAnUndoManagerWatches(undoable: Bool) throws {
        let stack = try CinemaStack(.sqlite)
        let theater = try stack.theater("Odeon", movies: ["Up"])
        try stack.context.save()
        if undoable { stack.context.undoManager = UndoManager() }
        let movie = try stack.movie("Cars")
        movie["theater"] = theater
        movie["theater"] = theater
        #expect(theater.names("movies") == ["Cars", "Up"])
        #expect(theater.isUpdated && theater.changedValues().keys.contains("movies"))
        #expect(stack.context.updatedObjects == [theater])
        try stack.context.save()
        let other = stack.otherContext()
        let names = try other.performAndWait { () throws in
            try stack.fetch("Theater", in: other).map { $0.names("movies") }
        }
        #expect(names == [["Cars", "Up"]])
    }

    @Test(arguments: StoreKind.allCases)
    func movingAnObjectLeavesTheOldOwner(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let odeon = try stack.theater("Odeon", movies: ["Up"])
        let rex = try stack.theater("Rex")
        try stack.context.save()

        let movie = try #require((odeon["movies"] as? Set<ManagedObject>)?.first)
        rex.mutableSetValue(forKey: "movies").insert(movie)

        #expect(movie["theater"] as? ManagedObject === rex)
        #expect(odeon.names("movies").isEmpty)
        #expect(rex.names("movies") == ["Up"])
        try stack.context.save()

        let other = stack.otherContext()
        let names = try other.performAndWait { () throws in
            try stack.fetch("Theater", sortedBy: "name", in: other).map { $0.names("movies") }
        }
        #expect(names == [[], ["Up"]])
    }

    @Test func mutableSetValueEditsKeepInversesInStep() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        let up = try stack.movie("Up")
        let alien = try stack.movie("Alien")
        let movies = theater.mutableSetValue(forKey: "movies")
        movies.formUnion([up, alien])

        #expect(movies.count == 2)
        #expect(up["theater"] as? ManagedObject === theater)
        movies.remove(up)
        #expect(up["theater"] == nil)
        #expect(movies.contains(alien))
        movies.removeAll()
        #expect(alien["theater"] == nil)
        #expect(movies.isEmpty)
    }

    @Test func settingAWholeToManySetReplacesMembers() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon", movies: ["Up"])
        let old = try #require((theater["movies"] as? Set<ManagedObject>)?.first)
        let alien = try stack.movie("Alien")
        let brave = try stack.movie("Brave")
        theater["movies"] = Set([alien, brave])

        #expect(theater.names("movies") == ["Alien", "Brave"])
        #expect(old["theater"] == nil)
        #expect(brave["theater"] as? ManagedObject === theater)
    }

    @Test func oneToOneStealsTheDestinationFromItsPreviousPartner() throws {
        let stack = try CinemaStack()
        let ann = try stack.context.insertNewObject(forEntityName: "Employee")
        let bob = try stack.context.insertNewObject(forEntityName: "Employee")
        let badge = try stack.context.insertNewObject(forEntityName: "Badge")
        ann["badge"] = badge
        #expect(badge["holder"] as? ManagedObject === ann)

        bob["badge"] = badge
        #expect(badge["holder"] as? ManagedObject === bob)
        #expect(ann["badge"] == nil)
    }

    @Test func insertingAMemberAtAnIndexLeavesItWhereItIsAsNSMutableOrderedSetDoes() throws {
        let stack = try CinemaStack()
        let playlist = try stack.context.insertNewObject(forEntityName: "Playlist")
        let up = try stack.movie("Up")
        let alien = try stack.movie("Alien")
        let list = playlist.mutableOrderedSetValue(forKey: "movies")
        list.append(up)
        list.append(alien)

        list.insert(alien, at: 0)
        #expect(list.map(\.nameValue) == ["Up", "Alien"])
        list.move(from: 1, to: 0)
        #expect(list.map(\.nameValue) == ["Alien", "Up"])
    }

    @Test(arguments: StoreKind.allCases)
    func orderedManyToManyKeepsOrderThroughSave(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let playlist = try stack.context.insertNewObject(forEntityName: "Playlist")
        playlist["title"] = "Weekend"
        let up = try stack.movie("Up")
        let alien = try stack.movie("Alien")
        let brave = try stack.movie("Brave")
        let list = playlist.mutableOrderedSetValue(forKey: "movies")
        list.append(up)
        list.append(alien)
        list.insert(brave, at: 0)
        list.move(from: 2, to: 1)

        #expect(list.map(\.nameValue) == ["Brave", "Alien", "Up"])
        #expect((up["playlists"] as? Set<ManagedObject>)?.count == 1)
        #expect((up["playlists"] as? Set<ManagedObject>)?.contains(playlist) == true)
        try stack.context.save()

        let other = stack.otherContext()
        let order = try other.performAndWait { () throws -> [String?] in
            let fetched = try #require(try stack.fetch("Playlist", in: other).first)
            let movies = try #require(fetched["movies"] as? OrderedSet<ManagedObject>)
            return movies.map(\.nameValue)
        }
        #expect(order == ["Brave", "Alien", "Up"])
    }

    @Test func relatingObjectsOfWrongEntityIsRejected() throws {
        let stack = try CinemaStack()
        let movie = try stack.movie("Up")
        let employee = try stack.context.insertNewObject(forEntityName: "Employee")
        employee["name"] = "Ann"
        movie["theater"] = employee

        #expect(movie["theater"] == nil)
        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.key == "theater")
    }

    @Test func aToOneTakesAnObjectHoweverItIsWrapped() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        let up = try stack.movie("Up")
        let alien = try stack.movie("Alien")
        let wrapped: Any = theater
        up.setValue(wrapped, forKey: "theater")
        let optional: ManagedObject? = theater
        alien.setValue(optional as Any, forKey: "theater")

        #expect(up["theater"] as? ManagedObject === theater)
        #expect(alien["theater"] as? ManagedObject === theater)
        #expect(theater.names("movies") == ["Alien", "Up"])
        try stack.context.save()
    }

    @Test func aToOneGivenAValueThatIsNoObjectKeepsItsDestinationAndSaveNamesTheKey() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon", movies: ["Up"])
        let movie = try #require(try stack.fetch("Movie").first)
        movie["theater"] = "Odeon"

        #expect(movie["theater"] as? ManagedObject === theater)
        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.key == "theater")
        #expect(error.message.contains("takes a Theater object, not String"))
    }

    @Test func subEntityObjectsFitRelationshipsToTheirParentEntity() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        let documentary = try stack.context.insertNewObject(forEntityName: "Documentary")
        documentary["name"] = "Planet Earth"
        documentary["subject"] = "Nature"
        documentary["theater"] = theater

        #expect(theater.names("movies") == ["Planet Earth"])
        try stack.context.save()
    }
}
