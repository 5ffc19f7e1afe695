import Foundation
import ObjectGraph
import ObjectGraphCodegen
import TestSupport
import Testing

/// What `ClassGenerator` writes for a model: Xcode's file pairs, typed properties, accessors and
/// registration, and one clear error for models whose classes would clash.
@Suite struct ClassGeneratorTests {
    /// A model made from the `<entity>` elements in `entities`.
    private func model(_ entities: String) throws -> ManagedObjectModel {
        try ManagedObjectModel(xcodeModelContents: Data("<model>\(entities)</model>".utf8))
    }

    /// The text of the generated file `name`.
    private func file(_ name: String, of generator: ClassGenerator) throws -> String {
        try #require(generator.files().first { $0.name == name }).contents
    }

    /// Theater has to-one and to-many relationships, SuperDB fetched properties.
    @Test(arguments: [
        (
            "Theater",
            [
                "Movie+CoreDataClass.swift", "Movie+CoreDataProperties.swift", "Theater+CoreDataClass.swift",
                "Theater+CoreDataProperties.swift", "TheaterModel.swift",
            ]
        ),
        (
            "SuperDB",
            [
                "Hero+CoreDataClass.swift", "Hero+CoreDataProperties.swift", "Power+CoreDataClass.swift",
                "Power+CoreDataProperties.swift", "SuperDBModel.swift",
            ]
        ),
    ])
    func sampleClassesMatchTheGoldenFiles(model: String, names: [String]) throws {
        let url = PackagePaths.file("Samples/\(model)/\(model).xcdatamodeld")
        let generator = try ClassGenerator(
            model: try ManagedObjectModel(contentsOf: url), modelName: ClassGenerator.modelName(forModelAt: url),
            sourceName: url.lastPathComponent)
        let files = generator.files()
        #expect(files.map(\.name) == names)
        for file in files {
            try Golden.assert(file.contents, matches: "\(model)/\(file.name).txt")
        }
    }

    @Test func classesAreNamedByTheClassNameWithoutModuleOrElseByTheEntity() throws {
        let generator = try ClassGenerator(
            model: try model(
                """
                <entity name="Film" representedClassName="$(PRODUCT_MODULE_NAME).Movie"/>
                <entity name="Venue" representedClassName="Cinema.Theater"/>
                <entity name="Ticket"/>
                <entity name="Seat" representedClassName="NSManagedObject"/>
                """), modelName: "Cinema")
        #expect(
            generator.files().map(\.name).filter { $0.hasSuffix("+CoreDataClass.swift") } == [
                "Movie+CoreDataClass.swift", "Seat+CoreDataClass.swift", "Ticket+CoreDataClass.swift",
                "Theater+CoreDataClass.swift",
            ])
        #expect(
            try file("Movie+CoreDataClass.swift", of: generator).contains("public final class Movie: ManagedObject"))
        #expect(
            try file("CinemaModel.swift", of: generator).contains(
                "registry.register(Movie.self, forEntityName: \"Film\")"))
    }

    @Test func twoEntitiesWithOneClassNameFailNamingBoth() throws {
        let entities = """
            <entity name="Film" representedClassName="Movie"/>
            <entity name="Movie" representedClassName="App.Movie"/>
            """
        let error = #expect(throws: CodegenError.self) {
            try ClassGenerator(model: try model(entities), modelName: "Cinema")
        }
        #expect(error == .duplicateClassName("Movie", entities: ["Film", "Movie"]))
        #expect(
            error?.description
                == "entities 'Film' and 'Movie' would both generate the class 'Movie'; "
                + "give them different class names in the model")
    }

    @Test func aClassHidingATypeTheCodeUsesIsAnError() throws {
        let error = #expect(throws: CodegenError.self) {
            try ClassGenerator(model: try model(#"<entity name="Date"/>"#), modelName: "Calendar")
        }
        #expect(error == .reservedClassName("Date", entity: "Date"))
    }

    @Test func keywordPropertiesAreBacktickedAndManagedObjectMembersRenamed() throws {
        let generator = try ClassGenerator(
            model: try model(
                """
                <entity name="Item">
                    <attribute name="class" optional="YES" attributeType="String"/>
                    <attribute name="description" optional="YES" attributeType="String"/>
                    <relationship name="entity" optional="YES" maxCount="1" destinationEntity="Item"/>
                </entity>
                """), modelName: "Shop")
        let properties = try file("Item+CoreDataProperties.swift", of: generator)
        #expect(properties.contains("public var `class`: String? {"))
        #expect(properties.contains("get { value(forKey: \"class\", as: String.self) }"))
        #expect(properties.contains("public var descriptionAttribute: String? {"))
        #expect(properties.contains("/// Renamed from `description`: every `ManagedObject` has a member of that name."))
        #expect(properties.contains("public var entityRelationship: Item? {"))
    }

    @Test func scalarAttributesAreNonOptionalAndOthersOptional() throws {
        let generator = try ClassGenerator(
            model: try model(
                """
                <entity name="Movie">
                    <attribute name="runtime" attributeType="Integer 16" usesScalarValueType="YES"/>
                    <attribute name="rating" optional="YES" attributeType="Double" usesScalarValueType="NO"/>
                    <attribute name="seen" attributeType="Boolean" usesScalarValueType="YES"/>
                    <attribute name="released" attributeType="Date" usesScalarValueType="YES"/>
                    <attribute name="poster" optional="YES" attributeType="Transformable"/>
                </entity>
                """), modelName: "Cinema")
        let properties = try file("Movie+CoreDataProperties.swift", of: generator)
        #expect(properties.contains("public var runtime: Int16 {"))
        #expect(properties.contains("get { value(forKey: \"runtime\", as: Int16.self) ?? 0 }"))
        #expect(properties.contains("public var rating: Double? {"))
        #expect(properties.contains("public var seen: Bool {"))
        #expect(properties.contains("public var released: Date? {"))
        #expect(properties.contains("public var poster: Any? {"))
    }

    @Test func orderedToManyRelationshipsGetXcodesIndexAccessors() throws {
        let generator = try ClassGenerator(
            model: try model(
                """
                <entity name="Playlist">
                    <relationship name="songs" toMany="YES" ordered="YES" destinationEntity="Song" inverseName="playlist"/>
                </entity>
                <entity name="Song">
                    <relationship name="playlist" optional="YES" maxCount="1" destinationEntity="Playlist" inverseName="songs"/>
                </entity>
                """), modelName: "Music")
        let properties = try file("Playlist+CoreDataProperties.swift", of: generator)
        for declaration in [
            "public var songs: OrderedSet<Song> {", "public func insertIntoSongs(_ value: Song, at index: Int) {",
            "public func removeFromSongs(at index: Int) {",
            "public func insertIntoSongs(_ values: [Song], at indexes: IndexSet) {",
            "public func removeFromSongs(at indexes: IndexSet) {",
            "public func replaceSongs(at index: Int, with value: Song) {",
            "public func replaceSongs(at indexes: IndexSet, with values: [Song]) {",
            "public func addToSongs(_ value: Song) {", "public func removeFromSongs(_ value: Song) {",
            "public func addToSongs(_ values: OrderedSet<Song>) {",
            "public func removeFromSongs(_ values: OrderedSet<Song>) {",
        ] {
            #expect(properties.contains(declaration), "missing \(declaration)")
        }
    }

    @Test func fetchedPropertiesAreReadOnlyArraysOfTheDestinationsClass() throws {
        let url = PackagePaths.file("Samples/SuperDB/SuperDB.xcdatamodeld")
        let generator = try ClassGenerator(model: try ManagedObjectModel(contentsOf: url), modelName: "SuperDB")
        let properties = try file("Hero+CoreDataProperties.swift", of: generator)
        for name in ["olderHeroes", "oppositeSexHeroes", "sameSexHeroes", "youngerHeroes"] {
            #expect(
                properties.contains(
                    """
                        public var \(name): [Hero] {
                            (value(forKey: "\(name)", as: [ManagedObject].self) ?? []).compactMap { $0 as? Hero }
                        }
                    """), "\(name)")
        }
        #expect(
            properties.contains(
                """
                    /// The `olderHeroes` fetched property (Hero where `birthdate < $FETCH_SOURCE.birthdate`, read-only).
                    ///
                    /// Fetched on first use and kept until the object is refreshed (`refresh(_:mergeChanges:)`).
                """))
        // Read-only: no setter, and no accessors, unlike a to-many relationship.
        #expect(!properties.contains("set { setValue(newValue, forKey: \"olderHeroes\") }"))
        #expect(!properties.contains("addToOlderHeroes"))
    }

    @Test func subentitiesInheritFromTheirParentsClass() throws {
        let generator = try ClassGenerator(
            model: try model(
                """
                <entity name="Person" isAbstract="YES"><attribute name="name" optional="YES" attributeType="String"/></entity>
                <entity name="Hero" parentEntity="Person"/>
                """), modelName: "Heroes")
        #expect(try file("Person+CoreDataClass.swift", of: generator).contains("public class Person: ManagedObject"))
        #expect(try file("Hero+CoreDataClass.swift", of: generator).contains("public final class Hero: Person"))
        // Overridable, so in the class bodies: methods of extensions cannot be overridden.
        #expect(try file("Person+CoreDataClass.swift", of: generator).contains("    public class func fetchRequest()"))
        #expect(
            try file("Hero+CoreDataClass.swift", of: generator).contains(
                "    override public class func fetchRequest()"))
    }

    @Test func userInfoDocumentationBecomesTheDocComment() throws {
        let generator = try ClassGenerator(
            model: try model(
                """
                <entity name="Movie">
                    <attribute name="name" optional="YES" attributeType="String">
                        <userInfo><entry key="documentation" value="The title on the poster."/></userInfo>
                    </attribute>
                    <userInfo><entry key="documentation" value="A film a theater shows."/></userInfo>
                </entity>
                """), modelName: "Cinema")
        #expect(
            try file("Movie+CoreDataClass.swift", of: generator).contains("/// A film a theater shows.\npublic final"))
        #expect(
            try file("Movie+CoreDataProperties.swift", of: generator).contains("    /// The title on the poster.\n"))
    }

    @Test(arguments: [
        ("Samples/Theater/Theater.xcdatamodeld", "Theater"),
        ("Theater.xcdatamodeld/Theater 2.xcdatamodel", "Theater 2"),
        ("Theater.xcdatamodeld/Theater 2.xcdatamodel/contents", "Theater 2"),
        ("models/alemar11__CoreDataPlus__SampleModel.contents", "alemar11__CoreDataPlus__SampleModel"),
    ])
    func modelNameComesFromTheModelsFile(path: String, name: String) {
        #expect(ClassGenerator.modelName(forModelAt: URL(fileURLWithPath: path)) == name)
    }

    @Test func theRegistrationEnumIsATypeNameMadeFromTheModelName() throws {
        let generator = try ClassGenerator(model: try model(#"<entity name="Folder"/>"#), modelName: "Core-Data Editor")
        #expect(generator.registrationTypeName == "CoreDataEditorModel")
    }

    @Test func theSingleFileHoldsEveryDeclarationOnceWithOneHeader() throws {
        let url = PackagePaths.file("Samples/Theater/Theater.xcdatamodeld")
        let generator = try ClassGenerator(model: try ManagedObjectModel(contentsOf: url), modelName: "Theater")
        let single = generator.singleFile(named: "TheaterModel+Classes.swift").contents
        #expect(single.components(separatedBy: "import ObjectGraph").count == 2)
        #expect(single.components(separatedBy: "public final class Movie").count == 2)
        #expect(single.contains("// MARK: - Theater+CoreDataProperties.swift"))
        #expect(single.contains("public enum TheaterModel {"))
    }
}
