import Foundation
import Testing

@testable import ObjectGraph

/// Fetch requests stored in a model, with and without substitution variables.
@Suite struct FetchRequestTemplateTests {
    private static let modelXML = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Movie" representedClassName="Movie" syncable="YES">
                <attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="year" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>
            </entity>
            <fetchRequest name="MoviesNamed" entity="Movie" predicateString="name == $NAME"/>
            <fetchRequest name="RecentMovies" entity="Movie" predicateString="year &gt; 2000" fetchLimit="2"/>
        </model>
        """

    @Test func aTemplateWithVariablesFetchesWhatItsSubstitutionNames() throws {
        let model = try ManagedObjectModel(xcodeModelContents: Data(Self.modelXML.utf8))
        let container = PersistentContainer(name: "Movies", managedObjectModel: model)
        try container.loadInMemoryStore()
        let context = container.viewContext
        for (name, year) in [("Up", 2009), ("Heat", 1995), ("Coco", 2017), ("Soul", 2020)] {
            let movie = try context.insertNewObject(forEntityName: "Movie")
            movie["name"] = name
            movie["year"] = year
        }
        try context.save()
        let named = try #require(
            try model.fetchRequestFromTemplate(withName: "MoviesNamed", substitutionVariables: ["NAME": "Heat"]))
        #expect(try context.fetch(named).compactMap { $0["name"] as? String } == ["Heat"])
        let recent = try #require(try model.fetchRequestTemplate(forName: "RecentMovies"))
        #expect(recent.fetchLimit == 2)
        #expect(recent.predicate?.predicateFormat == "year > 2000")
        #expect(try context.fetch(recent).count == 2)
        #expect(try model.fetchRequestTemplate(forName: "Missing") == nil)
    }

    @Test func theCorpusModelsStoredRequestNamesItsEntity() throws {
        let url = ModelCorpus.modelFile("ChristianKienle__Core-Data-Editor__iOS_Example.contents")
        let model = try ManagedObjectModel(xcodeModelContents: Data(contentsOf: url))
        let request = try #require(try model.fetchRequestTemplate(forName: "FetchRequest"))
        #expect(request.entityName == "Member")
        #expect(request.predicate == nil)
    }
}
