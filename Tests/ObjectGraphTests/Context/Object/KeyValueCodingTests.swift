import Foundation
import ObjectGraph
import Testing

@Suite("Key-value coding")
struct KeyValueCodingTests {
    @Test func setValueAndSubscriptReadBackTheSameValue() throws {
        let stack = try CinemaStack()
        let movie = try stack.movie("Up")
        movie.setValue("A house flies", forKey: "summary")
        movie["rating"] = 8.3

        #expect(movie.value(forKey: "summary") as? String == "A house flies")
        #expect(movie["rating"] as? Double == 8.3)
        #expect(movie.value(forKey: "name", as: String.self) == "Up")
    }

    @Test func numericSettersCoerceToTheAttributeType() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        let movie = try stack.movie("Up")
        theater["capacity"] = Int16(250)
        movie["runtime"] = UInt8(96)
        movie["rating"] = Float(7.5)
        movie["budget"] = 1_000
        theater["isOpen"] = 0

        #expect(theater["capacity"] as? Int == 250)
        #expect(movie["runtime"] as? Int == 96)
        #expect(movie["rating"] as? Double == 7.5)
        #expect(movie["budget"] as? Decimal == Decimal(1_000))
        #expect(theater["isOpen"] as? Bool == false)
    }

    @Test func unknownKeyIsReportedBySave() throws {
        let stack = try CinemaStack()
        let movie = try stack.movie("Up")
        movie["nmae"] = "typo"
        #expect(movie["nmae"] == nil)

        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .managedObjectValidation)
        #expect(error.key == "nmae")
        #expect(error.message.contains("no property named \"nmae\""))
    }

    @Test func valueOfWrongTypeIsRejectedAndReportedBySave() throws {
        let stack = try CinemaStack()
        let movie = try stack.movie("Up")
        movie["runtime"] = "long"
        #expect(movie["runtime"] as? Int == 90)

        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .managedObjectValidation)
        #expect(error.key == "runtime")
        #expect(error.message.contains("Integer 32"))

        movie["runtime"] = 101
        try stack.context.save()
        #expect(movie["runtime"] as? Int == 101)
    }

    @Test func keyPathFollowsToOneChains() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon", movies: ["Up"])
        let movie = try #require((theater["movies"] as? Set<ManagedObject>)?.first)
        let employee = try stack.context.insertNewObject(forEntityName: "Employee")
        employee["theater"] = theater

        #expect(movie.value(forKeyPath: "theater.name") as? String == "Odeon")
        #expect(movie.value(forKeyPath: "theater.staff.@count") as? Int == 1)
        #expect(movie.value(forKeyPath: "theater.missing") == nil)
        #expect(movie.value(forKeyPath: "playlists.title") as? Set<String> == [])
    }

    @Test func collectionOperatorsReduceToManyRelationships() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon", movies: ["Up", "Alien", "Brave"])
        let movies = try #require(theater["movies"] as? Set<ManagedObject>)
        for (movie, runtime) in zip(movies.sorted { ($0.nameValue ?? "") < ($1.nameValue ?? "") }, [117, 93, 96]) {
            movie["runtime"] = runtime
            movie["rating"] = Double(runtime) / 20
        }

        #expect(theater.value(forKeyPath: "movies.@count") as? Int == 3)
        #expect(theater.value(forKeyPath: "movies.@sum.runtime") as? Int == 306)
        #expect(theater.value(forKeyPath: "movies.@avg.runtime") as? Double == 102)
        #expect(theater.value(forKeyPath: "movies.@min.runtime") as? Int == 93)
        #expect(theater.value(forKeyPath: "movies.@max.runtime") as? Int == 117)
        #expect(theater.value(forKeyPath: "movies.@max.name") as? String == "Up")
        let ratingSum = try #require(theater.value(forKeyPath: "movies.@sum.rating") as? Double)
        #expect(abs(ratingSum - 15.3) < 1e-9)
        #expect(theater.value(forKeyPath: "movies.name") as? Set<String> == ["Alien", "Brave", "Up"])
    }

    @Test func aKeyPathThroughAToManyGathersDistinctValuesAsFoundationDoes() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        for (name, runtime) in [("Up", 96), ("Coco", 105), ("Up", 96)] {
            let movie = try stack.movie(name)
            movie["runtime"] = runtime
            movie["theater"] = theater
        }
        #expect(theater.value(forKeyPath: "movies.name") as? Set<String> == ["Coco", "Up"])
        // An operator reduces over every member, not over the distinct values.
        #expect(theater.value(forKeyPath: "movies.@count") as? Int == 3)
        #expect(theater.value(forKeyPath: "movies.@sum.runtime") as? Int == 297)
        // Nil values are left out, as NSSet's value(forKey:) leaves them out.
        #expect(theater.value(forKeyPath: "movies.summary") as? Set<String> == [])

        // Through an ordered relationship: the distinct values in member order (NSOrderedSet).
        let playlist = try stack.context.insertNewObject(forEntityName: "Playlist")
        let list = playlist.mutableOrderedSetValue(forKey: "movies")
        for name in ["Up", "Coco", "Up"] { list.append(try stack.movie(name)) }
        #expect(playlist.value(forKeyPath: "movies.name") as? [String] == ["Up", "Coco"])
    }

    @Test func unionOperatorsGatherTheMembersValuesAsAnArray() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon", movies: ["Up", "Coco", "Up"])
        try stack.movie("Unplaced")
        let all = try #require(theater.value(forKeyPath: "movies.@unionOfObjects.name") as? [String])
        #expect(all.sorted() == ["Coco", "Up", "Up"])
        let distinct = try #require(theater.value(forKeyPath: "movies.@distinctUnionOfObjects.name") as? [String])
        #expect(distinct.sorted() == ["Coco", "Up"])
        // Nil values are left out, as Foundation leaves them out.
        #expect(theater.value(forKeyPath: "movies.@unionOfObjects.summary") as? [String] == [])

        // Through an ordered relationship the array keeps member order.
        let playlist = try stack.context.insertNewObject(forEntityName: "Playlist")
        let list = playlist.mutableOrderedSetValue(forKey: "movies")
        for name in ["Up", "Coco", "Up"] { list.append(try stack.movie(name)) }
        #expect(playlist.value(forKeyPath: "movies.@unionOfObjects.name") as? [String] == ["Up", "Coco", "Up"])
        #expect(playlist.value(forKeyPath: "movies.@distinctUnionOfObjects.name") as? [String] == ["Up", "Coco"])
    }

    @Test func unionOperatorsJoinTheCollectionsTheMembersHold() throws {
        let stack = try CinemaStack()
        let first = try stack.context.insertNewObject(forEntityName: "Playlist")
        let second = try stack.context.insertNewObject(forEntityName: "Playlist")
        let up = try stack.movie("Up")
        let coco = try stack.movie("Coco")
        first.mutableOrderedSetValue(forKey: "movies").append(up)
        second.mutableOrderedSetValue(forKey: "movies").append(up)
        second.mutableOrderedSetValue(forKey: "movies").append(coco)
        let playlists = try #require(up.value(forKey: "playlists") as? Set<ManagedObject>)
        #expect(playlists == [first, second])
        let joined = try #require(up.value(forKeyPath: "playlists.@distinctUnionOfSets.movies") as? Set<ManagedObject>)
        #expect(joined == [up, coco])
        let arrays = try #require(up.value(forKeyPath: "playlists.@unionOfArrays.movies") as? [ManagedObject])
        #expect(arrays.count == 3)
        let distinct = try #require(up.value(forKeyPath: "playlists.@distinctUnionOfArrays.movies") as? [ManagedObject])
        #expect(Set(distinct) == [up, coco])
    }

    @Test func collectionOperatorsOnEmptyRelationships() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Empty")
        #expect(theater.value(forKeyPath: "movies.@count") as? Int == 0)
        #expect(theater.value(forKeyPath: "movies.@sum.runtime") as? Int == 0)
        #expect(theater.value(forKeyPath: "movies.@max.runtime") == nil)
    }

    @Test func derivedKeysOfUnknownPathsAreNil() throws {
        let stack = try CinemaStack()
        let movie = try stack.movie("Up")
        #expect(movie.value(forKeyPath: "theater.name") == nil)
        #expect(movie.value(forKeyPath: "nothing.here") == nil)
    }

    @Test func aTypedReadConvertsIntegersToTheAskedWidthWhenTheyFit() throws {
        let stack = try CinemaStack()
        let movie = try stack.movie("Up")
        movie["runtime"] = 300
        movie["rating"] = 8.5
        #expect(movie["runtime"] as? Int16 == nil)
        #expect(movie.value(forKey: "runtime", as: Int16.self) == 300)
        #expect(movie.value(forKey: "runtime", as: Int64.self) == 300)
        #expect(movie.value(forKey: "runtime", as: Int.self) == 300)
        #expect(movie.value(forKey: "runtime", as: Int8.self) == nil)
        #expect(movie.value(forKey: "rating", as: Float.self) == 8.5)
        #expect(movie.value(forKey: "name", as: Int16.self) == nil)
        #expect(movie.value(forKey: "name", as: String.self) == "Up")
    }

    @Test func aTypedReadOfALoadedObjectGivesEachStoredValueOnlyAsItsOwnType() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon", movies: ["Up"])
        let opened = Date(timeIntervalSinceReferenceDate: 1_000)
        theater["opened"] = opened
        theater["isOpen"] = false
        let movie = try #require(theater.value(forKey: "movies", as: Set<ManagedObject>.self)?.first)
        movie["rating"] = 7.5
        movie["runtime"] = 101
        #expect(movie.value(forKey: "name", as: String.self) == "Up")
        #expect(movie.value(forKey: "runtime", as: Int.self) == 101)
        #expect(movie.value(forKey: "rating", as: Double.self) == 7.5)
        #expect(theater.value(forKey: "opened", as: Date.self) == opened)
        #expect(theater.value(forKey: "isOpen", as: Bool.self) == false)
        // Another type than the one stored: nil, or the value converted where that is lossless.
        #expect(movie.value(forKey: "name", as: Double.self) == nil)
        #expect(movie.value(forKey: "rating", as: Int.self) == nil)
        #expect(theater.value(forKey: "isOpen", as: String.self) == nil)
        #expect(movie.value(forKey: "runtime", as: Int32.self) == 101)
        // Asked for as `Any` or an optional, the value is what `value(forKey:)` returns.
        #expect(movie.value(forKey: "name", as: Any.self) as? String == "Up")
        #expect(movie.value(forKey: "name", as: String?.self) == .some("Up"))
        // A nil value is nil as any type; an unknown key too.
        #expect(movie.value(forKey: "summary", as: String.self) == nil)
        #expect(movie.value(forKey: "summary", as: Int.self) == nil)
        #expect(movie.value(forKey: "nothing", as: String.self) == nil)
        // The to-one's destination, as the base class, a class it is not, or nil once cleared.
        #expect(movie.value(forKey: "theater", as: ManagedObject.self) === theater)
        #expect(movie.value(forKey: "theater", as: String.self) == nil)
        movie["theater"] = nil
        #expect(movie.value(forKey: "theater", as: ManagedObject.self) == nil)
    }

    @Test func aTypedReadOfAFaultLoadsItsValuesFirst() throws {
        let stack = try CinemaStack.savedAndReset(.sqlite) { stack in
            let theater = try stack.theater("Odeon", movies: ["Up"])
            theater["capacity"] = 120
        }
        let movie = try #require(stack.fetch("Movie").first)
        #expect(movie.isFault)
        #expect(movie.value(forKey: "name", as: String.self) == "Up")
        #expect(!movie.isFault)
        let theater = try #require(movie.value(forKey: "theater", as: ManagedObject.self))
        #expect(theater.isFault)
        // A key the entity does not have fires nothing, as `value(forKey:)` does not.
        #expect(theater.value(forKey: "nothing", as: String.self) == nil)
        #expect(theater.isFault)
        #expect(theater.value(forKey: "capacity", as: Int16.self) == 120)
        #expect(theater.value(forKey: "name", as: String.self) == "Odeon")
    }
}
