import Foundation
import Testing

@testable import ObjectGraph

/// Default values are read as Xcode's model compiler reads them: a model Xcode compiles is never
/// refused, and one that is really wrong gets one line naming the attribute and the text.
@Suite struct AttributeDefaultValueTests {
    /// The default of attribute `A.n` of `type` written `text`.
    private static func defaultValue(_ type: String, _ text: String) throws -> Any? {
        let contents =
            #"<model><entity name="A"><attribute name="n" optional="YES" attributeType="\#(type)" "#
            + #"defaultValueString="\#(text)"/></entity></model>"#
        let model = try ManagedObjectModel(xcodeModelContents: Data(contents.utf8))
        return model.entitiesByName["A"]?.attributesByName["n"]?.defaultValue
    }

    private static func error(_ type: String, _ text: String) -> ModelError? {
        do {
            _ = try defaultValue(type, text)
            return nil
        } catch {
            return error as? ModelError
        }
    }

    @Test(arguments: ["Integer 16", "Integer 32", "Integer 64"])
    func noAndYesOnAnIntegerAreZeroAndOne(type: String) throws {
        #expect(try Self.defaultValue(type, "NO") as? Int == 0)
        #expect(try Self.defaultValue(type, "YES") as? Int == 1)
        #expect(try Self.defaultValue(type, "no") as? Int == 0)
    }

    @Test func noAndYesOnFloatingPointAndDecimalAreZeroAndOne() throws {
        #expect(try Self.defaultValue("Double", "YES") as? Double == 1)
        #expect(try Self.defaultValue("Float", "NO") as? Float == 0)
        #expect(try Self.defaultValue("Decimal", "YES") as? Decimal == 1)
    }

    @Test func aWholeNumberWrittenWithAFractionIsAnInteger() throws {
        #expect(try Self.defaultValue("Integer 32", "3.0") as? Int == 3)
    }

    @Test func surroundingSpacesAreIgnored() throws {
        #expect(try Self.defaultValue("Integer 32", " 12 ") as? Int == 12)
        #expect(try Self.defaultValue("Double", " 0.5") as? Double == 0.5)
    }

    @Test func aBooleanTakesAnyCaseAndNumbers() throws {
        #expect(try Self.defaultValue("Boolean", "YES") as? Bool == true)
        #expect(try Self.defaultValue("Boolean", "False") as? Bool == false)
        #expect(try Self.defaultValue("Boolean", "0") as? Bool == false)
        #expect(try Self.defaultValue("Boolean", "2") as? Bool == true)
    }

    @Test func textThatIsNoNumberIsOneLineNamingTheAttribute() throws {
        let error = try #require(Self.error("Integer 32", "twelve"))
        #expect(error == .invalidValue(element: "attribute A.n", attribute: "defaultValueString", value: "twelve"))
        #expect(error.description == #"attribute A.n: defaultValueString="twelve" is not a valid value"#)
        #expect(Self.error("Boolean", "maybe") != nil)
        #expect(Self.error("Double", "1,5") != nil)
    }

    @Test func aFractionOnAnIntegerIsRefused() {
        #expect(Self.error("Integer 16", "1.5") != nil)
    }

    @Test func anIntegerOutsideItsTypesRangeIsRefused() {
        #expect(Self.error("Integer 16", "70000") != nil)
        #expect(Self.error("Integer 32", "YES") == nil)
    }

    @Test func aNoDefaultOnAnIntegerIsArchivedAsZeroAndKeepsTheHash() throws {
        let contents =
            #"<model><entity name="A"><attribute name="n" attributeType="Integer 32" defaultValueString="NO"/>"#
            + #"</entity></model>"#
        let model = try ManagedObjectModel(xcodeModelContents: Data(contents.utf8))
        let plain = try ManagedObjectModel(
            xcodeModelContents: Data(contents.replacingOccurrences(of: #" defaultValueString="NO""#, with: "").utf8))
        // Default values are not hashed (DESIGN.md §3.3), so the store Xcode's model wrote opens.
        #expect(model.entityVersionHashesByName == plain.entityVersionHashesByName)
    }
}
