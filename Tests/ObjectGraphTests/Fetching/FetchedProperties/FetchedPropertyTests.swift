import Foundation
import Testing

@testable import ObjectGraph

/// Fetched properties: evaluated on first read with `$FETCH_SOURCE`, kept until refreshed.
@Suite struct FetchedPropertyTests {
    private static let modelXML = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Hero" representedClassName="Hero" syncable="YES">
                <attribute name="age" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>
                <attribute name="name" optional="YES" attributeType="String"/>
                <fetchedProperty name="olderHeroes" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Hero"
                        predicateString="age &gt; $FETCH_SOURCE.age"/>
                </fetchedProperty>
                <fetchedProperty name="everyoneElse" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Hero"
                        predicateString="SELF != $FETCH_SOURCE"/>
                </fetchedProperty>
                <fetchedProperty name="namedInUserInfo" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Hero"
                        predicateString="name == $FETCHED_PROPERTY.userInfo.wanted AND $FETCHED_PROPERTY.entity.name == 'Hero'"/>
                    <userInfo>
                        <entry key="wanted" value="Batman"/>
                    </userInfo>
                </fetchedProperty>
                <fetchedProperty name="everyone" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Hero"/>
                </fetchedProperty>
            </entity>
        </model>
        """

    private func context() throws -> ManagedObjectContext {
        let model = try ManagedObjectModel(xcodeModelContents: Data(Self.modelXML.utf8))
        let container = PersistentContainer(name: "Heroes", managedObjectModel: model)
        try container.loadInMemoryStore()
        return container.viewContext
    }

    @discardableResult
    private func hero(_ name: String, age: Int, in context: ManagedObjectContext) throws -> ManagedObject {
        let hero = try context.insertNewObject(forEntityName: "Hero")
        hero["name"] = name
        hero["age"] = age
        return hero
    }

    private func names(_ value: Any?) -> [String] {
        ((value as? [ManagedObject]) ?? []).compactMap { $0["name"] as? String }.sorted()
    }

    @Test func aFetchedPropertyComparesWithItsSourceObject() throws {
        let context = try context()
        let young = try hero("Robin", age: 16, in: context)
        try hero("Batman", age: 40, in: context)
        try hero("Alfred", age: 70, in: context)
        try context.save()
        #expect(names(young["olderHeroes"]) == ["Alfred", "Batman"])
        #expect(names(young["everyoneElse"]) == ["Alfred", "Batman"])
        #expect(names(young["everyone"]) == ["Alfred", "Batman", "Robin"])
    }

    @Test func theValueIsKeptUntilTheObjectIsRefreshed() throws {
        let context = try context()
        let young = try hero("Robin", age: 16, in: context)
        let batman = try hero("Batman", age: 40, in: context)
        try context.save()
        #expect(names(young["olderHeroes"]) == ["Batman"])
        batman["age"] = 10
        try hero("Alfred", age: 70, in: context)
        #expect(names(young["olderHeroes"]) == ["Batman"])
        context.refresh(young, mergeChanges: true)
        #expect(names(young["olderHeroes"]) == ["Alfred"])
    }

    @Test func aPredicateReadsTheFetchedPropertysUserInfoAndEntity() throws {
        let context = try context()
        let robin = try hero("Robin", age: 16, in: context)
        try hero("Batman", age: 40, in: context)
        try context.save()
        #expect(names(robin["namedInUserInfo"]) == ["Batman"])
        let property = try #require(robin.entity.propertiesByName["namedInUserInfo"])
        #expect(property.value(forKey: "userInfo") as? [String: String] == ["wanted": "Batman"])
        #expect(property.value(forKey: "name") as? String == "namedInUserInfo")
        #expect(property.value(forKey: "nothing") == nil)
    }
}
