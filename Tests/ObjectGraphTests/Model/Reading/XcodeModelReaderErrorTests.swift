import Foundation
import Testing

@testable import ObjectGraph

/// Bad model files, made in the test: each fails with one clear message.
@Suite struct XcodeModelReaderErrorTests {
    static func read(_ xml: String) throws -> ManagedObjectModel {
        try ManagedObjectModel(xcodeModelContents: Data(xml.utf8))
    }

    static func error(_ xml: String) -> ModelError? {
        do {
            _ = try read(xml)
            return nil
        } catch {
            return error as? ModelError
        }
    }

    @Test func malformedXMLReportsLineAndColumn() throws {
        let xml =
            "<model>\n  <entity name=\"A\">\n    <attribute name=\"x\" attributeType=\"String\">\n"
            + "  </entity>\n</model>\n"
        let failure = try #require(Self.error(xml))
        guard case .malformedXML(let line, let column, let reason) = failure else {
            Issue.record("expected malformed XML, got \(failure)")
            return
        }
        #expect(line == 4)
        #expect(column > 0)
        #expect(!reason.isEmpty)
        #expect(failure.description.hasPrefix("malformed XML at line 4, column \(column): "))
    }

    /// Foundation's parser traps on such bytes in an element or attribute name; they are found first.
    @Test(arguments: [
        ("<model><entity \u{DC}name=\"A\"/></model>", 1, 16),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<model><ent\u{DC}ity name=\"A\"/></model>", 2, 12),
        ("<model>\n<entity name=\"A\" \u{CE}=\"x\"/></model>", 2, 18),
        ("<model><entity name=\"A\u{F4}\"/></model>", 1, 23),
    ])
    func bytesThatAreNotUTF8AreMalformedAtTheirPosition(xml: String, line: Int, column: Int) throws {
        // Each scalar below U+0100 stands for one byte, so \u{DC} is the lone byte 0xDC.
        let bytes = Data(xml.unicodeScalars.map { UInt8($0.value) })
        let failure = #expect(throws: ModelError.self) { try ManagedObjectModel(xcodeModelContents: bytes) }
        guard case .malformedXML(let foundLine, let foundColumn, let reason)? = failure else {
            Issue.record("expected malformed XML, got \(String(describing: failure))")
            return
        }
        #expect(foundLine == line)
        #expect(foundColumn == column)
        #expect(reason.contains("is not UTF-8 text"))
    }

    @Test func aModelInAnotherDeclaredEncodingIsLeftToTheParser() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<model><entity name=\"Caf\u{E9}\"/></model>"
        let model = try ManagedObjectModel(xcodeModelContents: Data(xml.unicodeScalars.map { UInt8($0.value) }))
        #expect(model.entities.map(\.name) == ["Caf\u{E9}"])
    }

    @Test func truncatedXMLIsMalformed() {
        guard case .malformedXML? = Self.error("<model><entity name=\"A\">") else {
            Issue.record("expected malformed XML")
            return
        }
    }

    @Test func emptyFileIsMalformed() {
        guard case .malformedXML? = Self.error("") else {
            Issue.record("expected malformed XML")
            return
        }
    }

    @Test func otherXMLIsNotAModel() {
        #expect(
            Self.error("<plist version=\"1.0\"><dict/></plist>")
                == .notAModel(reason: "the root element is <plist>, not <model>"))
    }

    @Test func unknownAttributeTypeIsNamed() {
        let xml = #"<model><entity name="Movie"><attribute name="length" attributeType="Minutes"/></entity></model>"#
        #expect(Self.error(xml) == .unknownAttributeType(entity: "Movie", attribute: "length", type: "Minutes"))
        #expect(Self.error(xml)?.description == "attribute Movie.length has unknown type \"Minutes\"")
    }

    @Test func unknownDestinationIsNamed() {
        let xml = """
            <model><entity name="Movie">
            <relationship name="theater" maxCount="1" deletionRule="Nullify" destinationEntity="Cinema"/>
            </entity></model>
            """
        #expect(
            Self.error(xml)
                == .unknownDestinationEntity(entity: "Movie", relationship: "theater", destination: "Cinema"))
    }

    /// The issue's "unknown inverse entity": `inverseEntity` was not read at all, so a model naming
    /// an entity that does not exist loaded as if it were right.
    @Test func anInverseEntityThatIsNotTheDestinationIsNamed() {
        let xml = """
            <model><entity name="Movie">
            <relationship name="theater" maxCount="1" destinationEntity="Theater" inverseName="movies" inverseEntity="Cinema"/>
            </entity><entity name="Theater">
            <relationship name="movies" toMany="YES" destinationEntity="Movie" inverseName="theater" inverseEntity="Movie"/>
            </entity></model>
            """
        #expect(
            Self.error(xml)
                == .inverseEntityNotDestination(
                    entity: "Movie", relationship: "theater", destination: "Theater", inverseEntity: "Cinema"))
        #expect(
            Self.error(xml)?.description
                == "relationship Movie.theater names inverse entity \"Cinema\", but its destination is Theater "
                + "(an inverse belongs to the destination entity)")
    }

    @Test func unknownInverseIsNamed() {
        let xml = """
            <model><entity name="Movie">
            <relationship name="theater" maxCount="1" destinationEntity="Theater" inverseName="films"/>
            </entity><entity name="Theater"/></model>
            """
        #expect(
            Self.error(xml)
                == .unknownInverseRelationship(
                    entity: "Movie", relationship: "theater", destination: "Theater", inverse: "films"))
    }

    @Test func duplicateEntityAndPropertyNamesAreNamed() {
        #expect(Self.error(#"<model><entity name="A"/><entity name="A"/></model>"#) == .duplicateEntity(name: "A"))
        let properties = """
            <model><entity name="A"><attribute name="x" attributeType="String"/>
            <attribute name="x" attributeType="Date"/></entity></model>
            """
        #expect(Self.error(properties) == .duplicateProperty(entity: "A", property: "x"))
    }

    @Test func parentCycleIsNamed() {
        let xml = #"<model><entity name="A" parentEntity="B"/><entity name="B" parentEntity="A"/></model>"#
        #expect(Self.error(xml) == .parentEntityCycle(entities: ["A", "B"]))
    }

    @Test func badValuesNameTheElementAndAttribute() {
        let count =
            #"<model><entity name="A">"#
            + #"<relationship name="r" toMany="YES" maxCount="many" destinationEntity="A"/></entity></model>"#
        #expect(
            Self.error(count)
                == .invalidValue(element: "<relationship> at line 1", attribute: "maxCount", value: "many"))
        let flag = #"<model><entity name="A" isAbstract="maybe"/></model>"#
        #expect(
            Self.error(flag) == .invalidValue(element: "<entity> at line 1", attribute: "isAbstract", value: "maybe"))
        let rule =
            #"<model><entity name="A"><relationship name="r" maxCount="1" deletionRule="Explode" destinationEntity="A"/></entity></model>"#
        #expect(
            Self.error(rule) == .invalidValue(element: "relationship r", attribute: "deletionRule", value: "Explode"))
        let value =
            #"<model><entity name="A"><attribute name="n" attributeType="Integer 16" defaultValueString="70000"/></entity></model>"#
        #expect(
            Self.error(value)
                == .invalidValue(element: "attribute A.n", attribute: "defaultValueString", value: "70000"))
        #expect(Self.error(#"<model><entity/></model>"#) == .notAModel(reason: "<entity> at line 1 has no name"))
    }

    @Test func binaryXcode3ModelSaysToResaveIt() throws {
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["$archiver": "NSKeyedArchiver", "$version": 100000], format: .binary, options: 0)
        // Xcode 3 kept a model as a directory holding binary `elements` and `layout` archives.
        let directory = scratch.appendingPathComponent("Old.xcdatamodel")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try plist.write(to: directory.appendingPathComponent("elements"))
        try plist.write(to: directory.appendingPathComponent("layout"))
        #expect(throws: ModelError.binaryXcode3Model) { try ManagedObjectModel(contentsOf: directory) }
        let file = scratch.appendingPathComponent("elements")
        try plist.write(to: file)
        #expect(throws: ModelError.binaryXcode3Model) { try ManagedObjectModel(contentsOf: file) }
        #expect(ModelError.binaryXcode3Model.description.contains("open and re-save it in a newer Xcode"))
    }

    @Test func missingFilesAndVersionsAreNamed() throws {
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let missing = scratch.appendingPathComponent("Nothing.xcdatamodeld")
        #expect(throws: ModelError.unreadable(path: missing.path, reason: "no such file or directory")) {
            try ManagedObjectModel(contentsOf: missing)
        }
        let bundle = scratch.appendingPathComponent("Two.xcdatamodeld")
        for version in ["A.xcdatamodel", "B.xcdatamodel"] {
            let directory = bundle.appendingPathComponent(version)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("<model/>".utf8).write(to: directory.appendingPathComponent("contents"))
        }
        #expect(throws: ModelError.notAModel(reason: "2 versions and no .xccurrentversion to say which is current")) {
            try ManagedObjectModel(contentsOf: bundle)
        }
        let current = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>C.xcdatamodel</string></dict></plist>
            """
        try Data(current.utf8).write(to: bundle.appendingPathComponent(".xccurrentversion"))
        #expect(
            throws: ModelError.notAModel(reason: ".xccurrentversion names C.xcdatamodel, which is not in the bundle")
        ) {
            try ManagedObjectModel(contentsOf: bundle)
        }
    }
}
