import Foundation
import Testing

/// The inspector's golden files beside the tests, compared byte for byte; `UPDATE_GOLDEN=1` rewrites them.
enum InspectGolden {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    static func check(_ text: String, named name: String) throws {
        let file = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "golden file \(name) differs; rerun with UPDATE_GOLDEN=1 and read the diff")
    }
}
