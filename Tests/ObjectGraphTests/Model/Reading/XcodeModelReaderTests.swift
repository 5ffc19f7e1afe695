import Foundation
import Testing

@testable import ObjectGraph

/// Reading the real models of the corpus: every element and attribute they use.
@Suite struct XcodeModelReaderTests {
    static func corpusModel(_ name: String) throws -> ManagedObjectModel {
        try ManagedObjectModel(contentsOf: ModelCorpus.modelFile(name))
    }

    @Test func validationRulesDefaultsAndCountsOfTheXcode4ModelAreRead() throws {
        let model = try Self.corpusModel("ChristianKienle__Core-Data-Editor__iOS_Example.contents")
        #expect(model.entities.count == 13)
        let test = try #require(model.entitiesByName["ValidationTest"])
        let email = try #require(test.attributesByName["email"])
        #expect(email.attributeType == .string && !email.isOptional)
        #expect(email.minValue as? Int == 3 && email.maxValue as? Int == 1000)
        #expect(email.regularExpression == #"\A[^@]+@([^@\.]+\.)+[^@\.]+\z"#)
        let date = try #require(test.attributesByName["dateAttribute"])
        #expect(date.minValue as? Date == Date(timeIntervalSinceReferenceDate: 407_847_600))
        #expect(date.maxValue as? Date == Date(timeIntervalSinceReferenceDate: 439_470_000))
        #expect(test.attributesByName["integer16Attribute"]?.minValue as? Int == 10)
        #expect(test.attributesByName["doubleAttribute"]?.maxValue as? Double == 1000)
        #expect(test.attributesByName["decimalAttribute"]?.maxValue as? Decimal == Decimal(100))
        #expect(test.attributesByName["floatAttribute"]?.maxValue as? Float == 10000)
        let detail = try #require(model.entitiesByName["PersonDetail"])
        #expect(detail.attributesByName["integer64Attribute"]?.defaultValue as? Int == 0)
        #expect(detail.attributesByName["doubleAttribute"]?.defaultValue as? Double == 0)
        #expect(detail.attributesByName["decimalAttribute"]?.defaultValue as? Decimal == Decimal(0))
        #expect(detail.attributesByName["transformableAttribute"]?.attributeType == .transformable)
        #expect(detail.attributesByName["binaryDataAttribute"]?.attributeType == .binaryData)
    }

    @Test func relationshipsOfTheXcode4ModelAreRead() throws {
        let model = try Self.corpusModel("ChristianKienle__Core-Data-Editor__iOS_Example.contents")
        let persons = try #require(model.entitiesByName["ChildBOfAbstract"]?.relationshipsByName["persons"])
        #expect(persons.isToMany && persons.isOrdered && !persons.isOptional)
        #expect(persons.minCount == 3 && persons.maxCount == 10 && persons.deleteRule == .cascade)
        #expect(persons.inverseRelationship?.name == "childB")
        let parent = try #require(model.entitiesByName["Strange"]?.relationshipsByName["parent"])
        #expect(parent.destinationEntity === model.entitiesByName["Strange"] && parent.minCount == 1)
        let abstract = try #require(model.entitiesByName["Abstract"])
        #expect(abstract.isAbstract && abstract.subentities.map(\.name) == ["ChildAOfAbstract", "ChildBOfAbstract"])
        let person = try #require(model.entitiesByName["Person"])
        #expect(person.managedObjectClassName == "Journal_OLD" && person.renamingIdentifier == "Journal")
        let strange = try #require(model.entitiesByName["Strange"])
        #expect(strange.attributesByName["transientAttribute"]?.isTransient == true)
        #expect(strange.attributesByName["customTransformableAttribute"]?.valueTransformerName == "FuckYouInTheAss")
        #expect(model.fetchRequestTemplatesByName["FetchRequest"]?.entityName == "Member")
        #expect(model.versionIdentifiers == [""])
    }

    @Test func constraintsHistoryAndScalarFlagsOfSampleModelAreRead() throws {
        let model = try Self.corpusModel("alemar11__CoreDataPlus__SampleModel.contents")
        let car = try #require(model.entitiesByName["Car"])
        #expect(car.uniquenessConstraints == [["numberPlate"]])
        let color = try #require(car.attributesByName["color"])
        #expect(color.valueTransformerName == "ColorTransformer" && color.attributeValueClassName == "Color")
        let speed = try #require(car.attributesByName["currentDrivingSpeed"])
        #expect(speed.isTransient && speed.usesScalarValueType && speed.defaultValue as? Int == 0)
        let person = try #require(model.entitiesByName["Person"])
        let id = try #require(person.attributesByName["id"])
        #expect(id.attributeType == .uuid && id.preservesValueInHistoryOnDeletion && !id.isOptional)
        #expect(person.uniquenessConstraints == [["firstName", "lastName"]])
        #expect(person.attributesByName["isDriving"]?.defaultValue as? Bool == false)
        #expect(model.entitiesByName["ExpensiveSportCar"]?.rootEntity === car)
        #expect(model.versionIdentifiers == ["1"])
    }

    @Test func renamedEntityOfSampleModel2KeepsItsOldNameAsRenamingIdentifier() throws {
        let model = try Self.corpusModel("alemar11__CoreDataPlus__SampleModel2.contents")
        let luxury = try #require(model.entitiesByName["LuxuryCar"])
        #expect(luxury.renamingIdentifier == "ExpensiveSportCar")
        let index = try #require(model.entitiesByName["Car"]?.fetchIndexes.first)
        #expect(index.name == "byMakerAndNumberPlate")
        #expect(index.elements.map(\.propertyName) == ["maker", "numberPlate"])
        #expect(index.elements.allSatisfy { $0.isAscending && $0.collationType == .binary })
    }

    @Test func modifiersIndexesAndElementIDsOfBookmarksAreRead() throws {
        let model = try Self.corpusModel("duckduckgo__BrowserServicesKit__BookmarksModel_4.contents")
        let bookmark = try #require(model.entitiesByName["BookmarkEntity"])
        #expect(bookmark.attributesByName["uuid"]?.versionHashModifier == "3")
        #expect(bookmark.relationshipsByName["favoriteFolders"]?.renamingIdentifier == "favoriteFolder")
        #expect(bookmark.fetchIndexes.map(\.name) == ["byUUID", "byURL", "byIsPendingDeletion"])
        #expect(bookmark.relationshipsByName["favorites"]?.inverseRelationship?.name == "favoriteFolders")
        #expect(
            bookmark.properties.map(\.name) == [
                "isFolder", "isPendingDeletion", "modifiedAt", "title", "url", "uuid",
                "children", "favoriteFolders", "favorites", "parent",
            ])
    }

    @Test func bundleUsesTheVersionNamedByXccurrentversion() throws {
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let bundle = try ModelCorpus.wiboscoBundle(in: scratch)
        let model = try ManagedObjectModel(contentsOf: bundle)
        #expect(model.entitiesByName["Post"]?.attributesByName["hide"] != nil)
        let version = try ManagedObjectModel(
            contentsOf: bundle.appendingPathComponent("CoreDataMigration_Example 2.xcdatamodel"))
        #expect(version.entitiesByName["Post"]?.attributesByName["hexColor"] != nil)
        let file = try ManagedObjectModel(
            contentsOf: bundle.appendingPathComponent("CoreDataMigration_Example.xcdatamodel/contents"))
        #expect(file.entitiesByName["Post"]?.attributesByName["color"] != nil)
    }

    @Test func bundleWithOneVersionNeedsNoXccurrentversion() throws {
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let version = scratch.appendingPathComponent("Theater.xcdatamodeld/Theater.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ModelCorpus.packageRoot.appendingPathComponent(
                "Samples/Theater/Theater.xcdatamodeld/Theater.xcdatamodel/contents"),
            to: version.appendingPathComponent("contents"))
        let model = try ManagedObjectModel(contentsOf: version.deletingLastPathComponent())
        #expect(model.entities.map(\.name) == ["Movie", "Theater"])
    }

    @Test func everyXcodeAttributeTypeNameIsUnderstood() throws {
        let types = AttributeType.allCases.filter { $0 != .objectID }
        let attributes = types.enumerated().map { index, type in
            "<attribute name=\"a\(index)\" optional=\"YES\" attributeType=\"\(type.xcodeName)\"\(type == .undefined ? " transient=\"YES\"" : "")/>"
        }
        let xml = "<model><entity name=\"All\">\(attributes.joined())</entity></model>"
        let model = try ManagedObjectModel(xcodeModelContents: Data(xml.utf8))
        let read = (0..<types.count).compactMap {
            model.entitiesByName["All"]?.attributesByName["a\($0)"]?.attributeType
        }
        #expect(read == types)
    }

    @Test func userInfoFetchedPropertiesConfigurationsAndDerivationsAreRead() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model userDefinedModelVersionIdentifier="v7">
                <entity name="Book" representedClassName="Book" versionHashModifier="m">
                    <attribute name="pagesCount" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="pages.@count"/>
                    <attribute name="cover" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                    <attribute name="published" optional="YES" attributeType="Date" defaultDateTimeInterval="0"/>
                    <attribute name="id" optional="YES" attributeType="UUID" defaultValueString="E621E1F8-C36C-495A-93FC-0C247A3E6E5F"/>
                    <attribute name="site" optional="YES" attributeType="URI" defaultValueString="https://example.com/a"/>
                    <relationship name="pages" optional="YES" toMany="YES" deletionRule="Deny" destinationEntity="Page" inverseName="book" inverseEntity="Page">
                        <userInfo><entry key="note" value="printed"/></userInfo>
                    </relationship>
                    <fetchedProperty name="thick" optional="YES">
                        <fetchRequest name="fetchedPropertyFetchRequest" entity="Book" predicateString="pagesCount &gt; 500"/>
                    </fetchedProperty>
                    <userInfo><entry key="owner" value="library"/></userInfo>
                </entity>
                <entity name="Page">
                    <relationship name="book" optional="YES" maxCount="1" deletionRule="No Action" destinationEntity="Book" inverseName="pages" inverseEntity="Book"/>
                </entity>
                <fetchRequest name="long" entity="Book" predicateString="pagesCount &gt; 1000" fetchLimit="5"/>
                <configuration name="Local"><memberEntity name="Book"/><memberEntity name="Page"/></configuration>
                <elements><element name="Book" positionX="0" positionY="0" width="128" height="60"/></elements>
            </model>
            """
        let model = try ManagedObjectModel(xcodeModelContents: Data(xml.utf8))
        let book = try #require(model.entitiesByName["Book"])
        let count = try #require(book.attributesByName["pagesCount"])
        #expect(count.isDerived && count.isReadOnly && count.derivationExpression == "pages.@count")
        #expect(book.attributesByName["cover"]?.allowsExternalBinaryDataStorage == true)
        #expect(book.attributesByName["published"]?.defaultValue as? Date == Date(timeIntervalSinceReferenceDate: 0))
        #expect(
            book.attributesByName["id"]?.defaultValue as? UUID
                == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(book.attributesByName["site"]?.defaultValue as? URL == URL(string: "https://example.com/a"))
        #expect(book.relationshipsByName["pages"]?.deleteRule == .deny)
        #expect(book.relationshipsByName["pages"]?.userInfo == ["note": "printed"])
        #expect(model.entitiesByName["Page"]?.relationshipsByName["book"]?.deleteRule == .noAction)
        #expect(book.fetchedPropertiesByName["thick"]?.predicateFormat == "pagesCount > 500")
        #expect(book.userInfo == ["owner": "library"] && book.versionHashModifier == "m")
        #expect(model.fetchRequestTemplatesByName["long"]?.fetchLimit == 5)
        #expect(model.fetchRequestTemplatesByName["long"]?.predicateFormat == "pagesCount > 1000")
        #expect(model.configurations == ["Local": ["Book", "Page"]])
        #expect(model.versionIdentifiers == ["v7"])
    }
}
