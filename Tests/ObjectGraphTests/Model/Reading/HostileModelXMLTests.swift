import Foundation
import ObjectGraph
import Testing

/// Model files that crashed Foundation's XMLParser now read with libxml2 and fail in words.
@Suite struct HostileModelXMLTests {
    private func failure(_ bytes: Data) -> ModelError? {
        #expect(throws: ModelError.self) { try ManagedObjectModel(xcodeModelContents: bytes) }
    }

    @Test func aProcessingInstructionWithoutDataIsNoModel() throws {
        let error = try #require(failure(Data("<?x?>".utf8)))
        #expect(error == .malformedXML(line: 1, column: 6, reason: "no XML element found"))
    }

    @Test func aProcessingInstructionInsideTheModelIsSkipped() throws {
        let model = try ManagedObjectModel(
            xcodeModelContents: Data("<model><?x?><entity name=\"A\"><?y?></entity></model>".utf8))
        #expect(model.entities.map(\.name) == ["A"])
    }

    @Test func aBrokenDeclarationThenANameThatIsNotUTF8IsMalformed() throws {
        let bytes = Data("<?xml encoding=?><a ".utf8) + Data([0xFF]) + Data("=\"1\"/>".utf8)
        guard case .malformedXML? = failure(bytes) else {
            Issue.record("expected malformed XML")
            return
        }
    }

    @Test func entityDeclarationsAreRefused() throws {
        let xml = "<!DOCTYPE m [<!ENTITY a \"aaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><model>&b;</model>"
        let error = try #require(failure(Data(xml.utf8)))
        #expect(
            error
                == .malformedXML(
                    line: 1, column: 14, reason: "the document declares an entity (<!ENTITY), which is not accepted"))
    }

    @Test func nestingDeeperThanTheLimitIsMalformed() throws {
        let xml = String(repeating: "<a>", count: 5_000) + String(repeating: "</a>", count: 5_000)
        guard case .malformedXML? = failure(Data(xml.utf8)) else {
            Issue.record("expected malformed XML")
            return
        }
    }
}
