import Foundation
import TestSupport
import Testing

/// `companion model codegen`, run as a user runs it: the classes it writes compile against
/// ObjectGraph for every model we have, and a program using them round-trips through a store.
@Suite struct ModelCodegenTests {
    /// Runs `companion model codegen` on `model` into `folder` and returns the files it wrote.
    private func generate(_ model: URL, into folder: URL) throws -> [URL] {
        let outcome = try ProductRunner.run("companion", ["model", "codegen", model.path, "-o", folder.path])
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        #expect(outcome.status == 0)
        return outcome.standardOutput.split(separator: "\n").map { URL(fileURLWithPath: String($0)) }
    }

    @Test(arguments: ModelFixtures.everyModel)
    func generatedClassesCompileWithoutWarnings(model: ModelFixtures.Model) throws {
        let scratch = try ScratchDirectory(prefix: "codegen-\(model.name)")
        let files = try generate(model.url, into: scratch.url)
        #expect(files.contains { $0.lastPathComponent.hasSuffix("+CoreDataClass.swift") })
        #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        try SnippetCompiler.compile(files, module: "Generated", runs: false, place: model.name, strict: true)
    }

    @Test func generatedClassesRoundTripThroughAStore() throws {
        let scratch = try ScratchDirectory(prefix: "codegen-round-trip")
        let music = try scratch.write("Music.xcdatamodel/contents", Data(Self.musicModel.utf8))
        let theater = ProductRunner.packageRoot.appendingPathComponent("Samples/Theater/Theater.xcdatamodeld")
        let generated =
            try generate(URL(fileURLWithPath: music).deletingLastPathComponent(), into: scratch.url)
            + generate(theater, into: scratch.url)
        let main = URL(fileURLWithPath: try scratch.write("main.swift", Data(Self.program.utf8)))
        let output = try SnippetCompiler.compile(
            generated + [main], module: "Generated", runs: true, place: "the round-trip program", strict: true)
        #expect(
            output == """
                theater movies: ["Alien", "Up"]
                fetched: Movie Up in Odeon; Movie Alien in Odeon
                songs in order: ["A", "B", "C"]
                after replace: ["A", "B", "D"] C has a playlist: false
                after remove at 0: ["B", "D"]
                fetched: Playlist Road trip, class mixtape, description for the car, plays 3, shuffled false
                fetched songs: ["B: Song", "D: Song"] B's playlist: Road trip
                every fetched song is a Song: true
                songs not in this playlist: ["A: Song", "C: Song"]

                """)
    }

    /// Property names a student may well choose that Swift or `ManagedObject` already uses: the
    /// generated code backticks the keywords, renames the members, and compiles without a warning.
    @Test func propertiesNamedLikeKeywordsOrManagedObjectMembersStillCompile() throws {
        let names = [
            "objectID", "entity", "context", "isDeleted", "description", "hash", "hashValue", "managedObjectContext",
            "isInserted", "isUpdated", "isFault", "hasChanges", "value", "changedValues", "willSave", "observe",
            "fetchRequest", "self", "Type", "init", "class", "func", "default", "in", "true", "Any", "where",
        ]
        let attributes = names.map { #"<attribute name="\#($0)" optional="YES" attributeType="String"/>"# }
        let model = """
            <model>
                <entity name="Item">
                    \(attributes.joined(separator: "\n"))
                    <relationship name="parent" optional="YES" maxCount="1" destinationEntity="Item" inverseName="items"/>
                    <relationship name="items" optional="YES" toMany="YES" destinationEntity="Item" inverseName="parent"/>
                    <relationship name="protocol" optional="YES" toMany="YES" ordered="YES" destinationEntity="Tag"/>
                    <fetchedProperty name="debugDescription" optional="YES">
                        <fetchRequest name="fetchedPropertyFetchRequest" entity="Item" predicateString="parent == $FETCH_SOURCE"/>
                    </fetchedProperty>
                </entity>
                <entity name="Tag"/>
            </model>
            """
        let scratch = try ScratchDirectory(prefix: "codegen-names")
        let file = try scratch.write("Names.xcdatamodel/contents", Data(model.utf8))
        let files = try generate(URL(fileURLWithPath: file).deletingLastPathComponent(), into: scratch.url)
        let properties = try String(
            contentsOf: try #require(files.first { $0.lastPathComponent == "Item+CoreDataProperties.swift" }),
            encoding: .utf8)
        for declaration in [
            "public var objectIDAttribute: String?", "public var entityAttribute: String?",
            "public var isDeletedAttribute: String?", "public var descriptionAttribute: String?",
            "public var hashAttribute: String?", "public var `class`: String?", "public var `in`: String?",
            "public var `protocol`: OrderedSet<Tag>", "public var debugDescriptionFetchedProperty: [Item]",
            "public func addToProtocol(_ value: Tag)",
        ] {
            #expect(properties.contains(declaration), "missing \(declaration)")
        }
        try SnippetCompiler.compile(files, module: "Generated", runs: false, place: "the clashing names", strict: true)
    }

    @Test func twoEntitiesWithOneClassNameFailWithOneLineNamingBoth() throws {
        let scratch = try ScratchDirectory(prefix: "codegen-duplicate")
        let model = try scratch.write(
            "Cinema.xcdatamodel/contents",
            Data(
                """
                <model><entity name="Film" representedClassName="Movie"/>
                <entity name="Movie" representedClassName="Cinema.Movie"/></model>
                """.utf8))
        let folder = URL(fileURLWithPath: model).deletingLastPathComponent().path
        let outcome = try ProductRunner.run("companion", ["model", "codegen", folder, "-o", scratch.path("out")])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.standardError
                == "companion: \(folder): entities 'Film' and 'Movie' would both generate the class 'Movie'; "
                + "give them different class names in the model\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    @Test func helpListsCodegenAndATypoSuggestsIt() throws {
        let help = try ProductRunner.run("companion", ["model", "--help"])
        #expect(help.standardOutput.contains("companion model codegen MODEL [-o DIR]"))
        let typo = try ProductRunner.run("companion", ["model", "codgen", "M"])
        #expect(typo.status == 2)
        #expect(typo.standardError.hasSuffix("; did you mean 'codegen'?\n"))
        let misplaced = try ProductRunner.run("companion", ["model", "show", "M", "-o", "out"])
        #expect(misplaced.status == 2)
        #expect(misplaced.standardError == "companion: -o: 'model show' takes no -o option\n")
    }

    /// A model with what Theater lacks: an ordered relationship, scalars, a class name with a
    /// module, an entity without a class name, a keyword and a `ManagedObject` member as property
    /// names, and a fetched property.
    static let musicModel = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
            <entity name="Playlist" representedClassName="Music.Playlist" syncable="YES">
                <attribute name="class" optional="YES" attributeType="String"/>
                <attribute name="description" optional="YES" attributeType="String"/>
                <attribute name="name" attributeType="String"/>
                <attribute name="plays" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="shuffled" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
                <relationship name="songs" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" \
        destinationEntity="Song" inverseName="playlist" inverseEntity="Song"/>
                <fetchedProperty name="otherSongs" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Song" \
        predicateString="playlist != $FETCH_SOURCE"/>
                </fetchedProperty>
            </entity>
            <entity name="Song" syncable="YES">
                <attribute name="length" optional="YES" attributeType="Double" usesScalarValueType="NO"/>
                <attribute name="title" attributeType="String"/>
                <relationship name="playlist" optional="YES" maxCount="1" deletionRule="Nullify" \
        destinationEntity="Playlist" inverseName="songs" inverseEntity="Playlist"/>
            </entity>
        </model>
        """

    /// Inserts through the generated classes, saves, and fetches as the classes in a second container.
    static let program = #"""
        import Foundation
        import ObjectGraph

        TheaterModel.registerClasses()
        MusicModel.registerClasses()
        let scratchFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

        func container(_ model: URL, _ store: String) throws -> PersistentContainer {
            let container = PersistentContainer(
                name: store, managedObjectModel: try ManagedObjectModel(contentsOf: model))
            try container.loadPersistentStore(at: scratchFolder.appendingPathComponent(store + ".sqlite"))
            return container
        }

        // Theater: to-one and to-many, both ways.
        let theaterModel = URL(fileURLWithPath: "Samples/Theater/Theater.xcdatamodeld")
        let theaterWriter = try container(theaterModel, "Theater")
        let context = theaterWriter.viewContext
        let theater = Theater(context: context)
        theater.name = "Odeon"
        let up = Movie(context: context)
        up.name = "Up"
        let alien = Movie(context: context)
        alien.name = "Alien"
        theater.addToMovies(up)
        alien.theater = theater
        print("theater movies:", theater.movies.map { $0.name ?? "" }.sorted())
        try context.save()
        // A second container reads the store: objects hold their context unretained, so it is kept.
        let theaterReader = try container(theaterModel, "Theater")
        let movies = try theaterReader.viewContext.fetch(Movie.fetchRequest(), as: Movie.self)
        print(
            "fetched:",
            movies.sorted { ($0.name ?? "") > ($1.name ?? "") }
                .map { "\(type(of: $0)) \($0.name ?? "") in \($0.theater?.name ?? "")" }.joined(separator: "; "))

        // Music: an ordered relationship, scalars, renamed and backticked properties.
        let musicModel = scratchFolder.appendingPathComponent("Music.xcdatamodel")
        let musicWriter = try container(musicModel, "Music")
        let music = musicWriter.viewContext
        let list = Playlist(context: music)
        list.name = "Road trip"
        list.`class` = "mixtape"
        list.descriptionAttribute = "for the car"
        list.plays = 3
        func song(_ title: String) -> Song {
            let song = Song(context: music)
            song.title = title
            song.length = 180
            return song
        }
        let (a, b, c, d) = (song("A"), song("B"), song("C"), song("D"))
        list.addToSongs(a)
        list.addToSongs([c])
        list.insertIntoSongs(b, at: 1)
        print("songs in order:", list.songs.map { $0.title ?? "" })
        list.replaceSongs(at: 2, with: d)
        print("after replace:", list.songs.map { $0.title ?? "" }, "C has a playlist:", c.playlist != nil)
        list.removeFromSongs(at: 0)
        print("after remove at 0:", list.songs.map { $0.title ?? "" })
        try music.save()

        let musicReader = try container(musicModel, "Music")
        let reader = musicReader.viewContext
        guard let fetched = try reader.fetch(Playlist.fetchRequest(), as: Playlist.self).first else {
            fatalError("no playlist was fetched")
        }
        print(
            "fetched: \(type(of: fetched)) \(fetched.name ?? ""), class \(fetched.`class` ?? ""),",
            "description \(fetched.descriptionAttribute ?? ""), plays \(fetched.plays), shuffled \(fetched.shuffled)")
        print(
            "fetched songs:", fetched.songs.map { "\($0.title ?? ""): \(type(of: $0))" },
            "B's playlist:", fetched.songs.first?.playlist?.name ?? "none")
        print("every fetched song is a Song:", try reader.fetch(Song.fetchRequest()).allSatisfy { $0 is Song })
        let others = fetched.otherSongs.map { "\($0.title ?? ""): \(type(of: $0))" }
        print("songs not in this playlist:", others.sorted())
        """#
}
