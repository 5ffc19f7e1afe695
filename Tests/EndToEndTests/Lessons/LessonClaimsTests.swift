import Foundation
import TestSupport
import Testing

/// Claims the lessons, the README and `--help` make about the tools, which must stay true together.
@Suite struct LessonClaimsTests {
    private func read(_ relative: String) throws -> String {
        try String(contentsOf: ProductRunner.packageRoot.appendingPathComponent(relative), encoding: .utf8)
    }

    private var lessons: [(name: String, text: String)] {
        get throws {
            try LessonFiles.all.filter { $0.hasPrefix("Lessons/") }.map { ($0, try read($0)) }
        }
    }

    @Test func theInspectorNeverChangesTheOriginalStoreSayEveryLessonTheReadmeAndTheHelp() throws {
        let inside = try read("Lessons/09-inside-the-store.md")
        #expect(inside.contains("`companion inspect` never changes the original"))
        #expect(inside.contains("`immutable=1`"))
        #expect(inside.contains("copies the files to a\nprivate temporary folder and reads only the copy"))
        let readme = try read("README.md")
        #expect(readme.contains("`immutable` flag"))
        #expect(readme.contains("only the copy is read"))
        let help = try ProductRunner.run("companion", ["inspect", "--help"]).standardOutput
        #expect(help.contains("without ever changing it"))
        #expect(help.contains("immutable flag"))
    }

    @Test func noLessonSaysTheInspectorAlwaysOpensACopy() throws {
        for (name, text) in try lessons {
            let flat = text.replacingOccurrences(of: "\n", with: " ")
            #expect(!flat.contains("opens a **copy**"), "\(name)")
            #expect(!flat.contains("opens a copy, never the original"), "\(name)")
            #expect(!flat.contains("inspect a copy, never the original"), "\(name)")
        }
    }

    @Test func everyLessonIsInTheCatalogAndHasARunnableBlock() throws {
        let all = try lessons
        #expect(all.count >= 14)
        for (name, text) in all {
            #expect(text.contains("```swift run"), "\(name) has no runnable block")
        }
    }

    @Test func theTheaterSampleKeepsATheaterAsTheLessonsSay() throws {
        let inside = try read("Lessons/09-inside-the-store.md")
        #expect(inside.contains("The Theater\nsample keeps only one theater at the end"))
        let locking = try read("Lessons/14-optimistic-locking.md")
        #expect(locking.contains("The Theater sample keeps the Gaumont, showing *Up*"))
    }

    @Test(arguments: [("theater", "Theater"), ("books", "Books"), ("superdb", "SuperDB")])
    func theSamplesLessonFifteenNamesUseTheGeneratedClasses(target: String, model: String) throws {
        let lesson = try read("Lessons/15-generated-classes.md")
        #expect(lesson.contains("`Samples/\(model)`") || lesson.contains("`Samples/\(model)/"))
        let manifest = try read("Package.swift")
        let declaration = try #require(manifest.range(of: "name: \"\(target)\", dependencies:"))
        let rest = manifest[declaration.upperBound...]
        let end = rest.range(of: "\n        ),")?.lowerBound ?? rest.endIndex
        #expect(rest[..<end].contains("plugins: [\"ObjectGraphCodegenPlugin\"]"), "\(target)")
        let main = try read("Samples/\(model)/main.swift")
        #expect(main.contains("\(model)Model.registerClasses()"), "\(target)")
    }
}
