import Foundation
import TerminalMarkdown

/// The SwiftPM package `companion lessons run` builds lesson programs in: one executable per
/// runnable block, depending on the Core Data Companion checkout by path.
///
/// A program that calls a sample's `<Name>Model.registerClasses()` gets what a student's package
/// has: the sample's `.xcdatamodeld` among its sources and the ObjectGraphCodegen plugin applied.
///
/// It lives in the checkout's `.build/lesson-programs`, so SwiftPM's own build cache makes a second run
/// take seconds: sources are rewritten only when a lesson changed, and only the block asked for
/// is built (with the library products it imports).
struct LessonScratchPackage {
    /// The checkout the programs depend on (the folder with `Package.swift` and `Lessons`).
    let checkout: URL
    /// The scratch package's folder.
    let directory: URL

    /// The library products of the checkout a program may import.
    static let products = [
        "ObjectGraph", "StoreInspector", "TerminalKit", "TerminalMarkdown", "Accelerometer", "SampleSupport",
    ]

    init(checkout: URL) {
        self.checkout = checkout
        // Not `.build/lessons`: SwiftPM names a package by its folder, and a checkout in a folder
        // called `lessons` would then share its name with the scratch package.
        directory = checkout.appendingPathComponent(".build/lesson-programs")
    }

    /// The executable target of a block: `lesson05_2`.
    static func targetName(lesson: Int, block: Int) -> String {
        "lesson" + (lesson < 10 ? "0" : "") + "\(lesson)_\(block)"
    }

    /// Writes the manifest and every program of `lessons`, leaving files that did not change
    /// untouched so SwiftPM rebuilds nothing for them.
    func write(_ lessons: [(lesson: Lesson, programs: [LessonProgram])]) throws {
        var targets: [String] = []
        for (lesson, programs) in lessons {
            for program in programs {
                let name = Self.targetName(lesson: lesson.number, block: program.number)
                let products = program.imports.filter(Self.products.contains)
                let dependencies = products.map {
                    "\n                .product(name: \"\($0)\", package: \"\(identity)\"),"
                }
                let models = try copyGeneratedModels(of: program, into: "Sources/\(name)")
                targets.append(
                    """
                            .executableTarget(
                                name: "\(name)",
                                dependencies: [\(dependencies.joined())
                                ]\(generatedClassesSettings(models))
                            ),
                    """)
                try writeIfChanged(program.code + "\n", to: "Sources/\(name)/main.swift")
            }
        }
        let manifest = """
            // swift-tools-version:6.0
            // Written by `companion lessons run`: one executable per runnable block of the lessons.
            // The checkout as last built: \(checkoutShape)
            import PackageDescription

            let package = Package(
                name: "LessonPrograms",
                platforms: [.macOS(.v14)],
                dependencies: [.package(path: \(String(reflecting: checkout.path)))],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
        try writeIfChanged(manifest, to: "Package.swift")
    }

    // MARK: - Generated classes

    /// The sample models whose generated classes `program` uses: `TheaterModel.registerClasses()`
    /// names `Samples/Theater/Theater.xcdatamodeld`, when the checkout has it.
    func generatedModels(of program: LessonProgram) -> [String] {
        let marker = "Model.registerClasses("
        var names: [String] = []
        var rest = program.code[...]
        while let found = rest.range(of: marker) {
            let before = rest[..<found.lowerBound]
            let name = String(before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
            rest = rest[found.upperBound...]
            guard !name.isEmpty, !names.contains(name),
                FileManager.default.fileExists(atPath: sampleModel(name).path)
            else { continue }
            names.append(name)
        }
        return names
    }

    /// Copies the models `program` uses (``generatedModels(of:)``) into its target's folder
    /// `folder`, as a student's package holds its `.xcdatamodeld`, and returns their names. A
    /// model the program no longer uses is removed, or SwiftPM would call it an unhandled file.
    private func copyGeneratedModels(of program: LessonProgram, into folder: String) throws -> [String] {
        let names = generatedModels(of: program)
        let target = directory.appendingPathComponent(folder)
        let present = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
        let extensionLength = ".xcdatamodeld".count
        for stale in present where stale.hasSuffix(".xcdatamodeld") {
            guard !names.contains(String(stale.dropLast(extensionLength))) else { continue }
            try FileManager.default.removeItem(at: target.appendingPathComponent(stale))
        }
        for name in names {
            let bundle = sampleModel(name)
            let files = FileManager.default.enumerator(atPath: bundle.path)?.allObjects as? [String] ?? []
            for file in files.sorted() {
                let source = bundle.appendingPathComponent(file)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder), !isFolder.boolValue
                else { continue }
                try writeIfChanged(
                    try String(contentsOf: source, encoding: .utf8), to: "\(folder)/\(name).xcdatamodeld/\(file)")
            }
        }
        return names
    }

    /// The manifest lines that give a target the models `names` and the ObjectGraphCodegen
    /// plugin, which generates their classes at each build; nothing when `names` is empty.
    private func generatedClassesSettings(_ names: [String]) -> String {
        guard !names.isEmpty else { return "" }
        let resources = names.map { ".copy(\"\($0).xcdatamodeld\")" }.joined(separator: ", ")
        return """
            ,
                        resources: [\(resources)],
                        plugins: [.plugin(name: "ObjectGraphCodegen", package: "\(identity)")]
            """
    }

    /// The sample model `Samples/<name>/<name>.xcdatamodeld` of the checkout.
    private func sampleModel(_ name: String) -> URL {
        checkout.appendingPathComponent("Samples/\(name)/\(name).xcdatamodeld")
    }

    /// A digest of what SwiftPM plans the checkout's build from: its manifest and the paths of its
    /// sources. SwiftPM keeps the plan of a path dependency until a manifest of its own changes, so
    /// when a `git pull` adds a target or removes a file, this line changes the scratch manifest
    /// and SwiftPM plans anew instead of failing on "missing inputs" or "no such module".
    private var checkoutShape: String {
        var text = (try? String(contentsOf: checkout.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        for folder in ["Sources", "Samples"] {
            let root = checkout.appendingPathComponent(folder)
            let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]) ?? []
            text += paths.filter { $0.hasSuffix(".swift") }.sorted().joined(separator: "\n")
        }
        // FNV-1a: a stable digest, not a secret.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// SwiftPM's name for the checkout: its folder's name, lower-cased.
    private var identity: String { checkout.lastPathComponent.lowercased() }

    private func writeIfChanged(_ text: String, to relativePath: String) throws {
        let url = directory.appendingPathComponent(relativePath)
        if let old = try? String(contentsOf: url, encoding: .utf8), old == text { return }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// Builds one block's executable; returns SwiftPM's exit status and output.
    func build(_ target: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", directory.path, "--product", target]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Runs a built block in the current folder, its output going straight to ours.
    func run(_ target: String) throws -> Int32 {
        let process = Process()
        process.executableURL = directory.appendingPathComponent(".build/debug/\(target)")
        var environment = ProcessInfo.processInfo.environment
        environment["COMPANION_PACKAGE"] = checkout.path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
