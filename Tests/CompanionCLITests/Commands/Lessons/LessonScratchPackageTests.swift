import Foundation
import TerminalMarkdown
import TestSupport
import Testing

@testable import CompanionCLI

/// The scratch package `companion lessons run` builds lesson programs in: a program that uses a
/// sample's generated classes gets that sample's model and the code-generation plugin, as a
/// student's package would; the others get neither.
@Suite struct LessonScratchPackageTests {
    private static let lesson = """
        ---
        title: Classes
        ---

        ```swift run
        import ObjectGraph
        TheaterModel.registerClasses()
        ```

        ```swift run
        import ObjectGraph
        NoSuchSampleModel.registerClasses()
        ```

        ```swift run
        print("no classes")
        ```
        """

    @Test func onlyAProgramCallingASamplesRegisterClassesGetsItsModelAndThePlugin() throws {
        let checkout = try ScratchDirectory(prefix: "lesson-checkout")
        for file in ["Theater.xcdatamodel/contents", ".xccurrentversion"] {
            let source = PackagePaths.file("Samples/Theater/Theater.xcdatamodeld/\(file)")
            _ = try checkout.write("Samples/Theater/Theater.xcdatamodeld/\(file)", Data(contentsOf: source))
        }
        let lesson = try Lesson(contentsOf: try checkout.write("Lessons/15-classes.md", Data(Self.lesson.utf8)))
        let scratch = LessonScratchPackage(checkout: checkout.url)
        let programs = LessonProgram.programs(in: lesson.body)
        #expect(programs.map(scratch.generatedModels) == [["Theater"], [], []])

        try scratch.write([(lesson, programs)])
        let manifest = try String(
            contentsOf: scratch.directory.appendingPathComponent("Package.swift"), encoding: .utf8)
        let package = checkout.url.lastPathComponent.lowercased()
        #expect(
            manifest.contains(
                """
                            name: "lesson15_1",
                            dependencies: [
                                .product(name: "ObjectGraph", package: "\(package)"),
                            ],
                            resources: [.copy("Theater.xcdatamodeld")],
                            plugins: [.plugin(name: "ObjectGraphCodegen", package: "\(package)")]
                        ),
                """))
        #expect(manifest.components(separatedBy: "plugins:").count == 2)
        for file in ["Theater.xcdatamodel/contents", ".xccurrentversion"] {
            let copy = scratch.directory.appendingPathComponent("Sources/lesson15_1/Theater.xcdatamodeld/\(file)")
            let original = checkout.url.appendingPathComponent("Samples/Theater/Theater.xcdatamodeld/\(file)")
            #expect(try Data(contentsOf: copy) == Data(contentsOf: original), "\(file)")
        }
        let other = scratch.directory.appendingPathComponent("Sources/lesson15_3")
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.path) == ["main.swift"])

        // The block stops using the classes: its copy of the model goes, as does the plugin.
        let edited = try Lesson(
            contentsOf: try checkout.write(
                "Lessons/15-classes.md",
                Data(Self.lesson.replacingOccurrences(of: "TheaterModel.registerClasses()", with: "").utf8)))
        try scratch.write([(edited, LessonProgram.programs(in: edited.body))])
        let first = scratch.directory.appendingPathComponent("Sources/lesson15_1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: first.path) == ["main.swift"])
        let rewritten = try String(
            contentsOf: scratch.directory.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!rewritten.contains("plugins:"))
    }
}
