import Foundation
import TerminalMarkdown

extension LessonsCommand {
    /// `companion lessons run LESSON [BLOCK]`: builds the lesson's `swift run` blocks (or the
    /// one numbered BLOCK) exactly as printed, in a scratch package that depends on the checkout,
    /// and runs them in the current folder.
    static func runPrograms(_ arguments: [String], package: String?) throws(CommandLineError) -> ExitStatus {
        guard let selector = arguments.first, arguments.count <= 2 else {
            throw .usage("run needs a lesson and at most one block number (companion lessons run 5 2)", subject: name)
        }
        let checkout = try checkoutDirectory(package)
        let catalog: LessonCatalog
        let lesson: Lesson
        do {
            catalog = try LessonCatalog(directory: checkout.appendingPathComponent("Lessons").path)
            lesson = try catalog.lesson(named: selector)
        } catch {
            throw .failure(error.description, subject: name)
        }
        let programs = LessonProgram.programs(in: lesson.body)
        var chosen = programs
        if arguments.count == 2 {
            guard let number = Int(arguments[1]), let program = programs.first(where: { $0.number == number }) else {
                throw .usage(
                    "lesson \(lesson.displayName) has blocks 1 to \(programs.count), not '\(arguments[1])'",
                    subject: name)
            }
            chosen = [program]
        }
        guard !chosen.isEmpty else {
            throw .failure("lesson \(lesson.displayName) has no runnable (swift run) block", subject: name)
        }
        let scratch = LessonScratchPackage(checkout: checkout)
        do {
            try scratch.write(catalog.lessons.map { ($0, LessonProgram.programs(in: $0.body)) })
        } catch {
            throw .failure("cannot write \(scratch.directory.path): \(error.localizedDescription)", subject: name)
        }
        for program in chosen {
            try runProgram(program, of: lesson, in: scratch, announced: chosen.count > 1)
        }
        return .success
    }

    private static func runProgram(
        _ program: LessonProgram, of lesson: Lesson, in scratch: LessonScratchPackage, announced: Bool
    ) throws(CommandLineError) {
        let target = LessonScratchPackage.targetName(lesson: lesson.number, block: program.number)
        let place = "\((lesson.path as NSString).lastPathComponent):\(program.line + frontMatterLines(lesson))"
        if announced {
            FileHandle.standardOutput.write(Data("▶ block \(program.number) (\(place))\n".utf8))
        }
        let built: (status: Int32, output: String)
        do {
            built = try scratch.build(target)
        } catch {
            throw .failure("cannot run swift build: \(error.localizedDescription)", subject: name)
        }
        guard built.status == 0 else {
            FileHandle.standardError.write(Data(built.output.utf8))
            throw .failure(
                "block \(program.number) (\(place)) does not build; swift build said the above", subject: name)
        }
        let status: Int32
        do {
            status = try scratch.run(target)
        } catch {
            throw .failure(
                "cannot run block \(program.number) (\(place)): \(error.localizedDescription)", subject: name)
        }
        guard status == 0 else {
            throw .failure("block \(program.number) (\(place)) exited with status \(status)", subject: name)
        }
    }

    /// How many lines the front matter takes, so block lines name the file's lines.
    private static func frontMatterLines(_ lesson: Lesson) -> Int {
        guard let source = try? String(contentsOfFile: lesson.path, encoding: .utf8),
            let bodyStart = source.range(of: lesson.body)
        else { return 0 }
        return source[..<bodyStart.lowerBound].filter { $0 == "\n" }.count
    }

    /// The checkout lessons run against: `--package DIR`, else the current folder when it is one,
    /// else the package a build-folder `companion` was built from.
    private static func checkoutDirectory(_ option: String?) throws(CommandLineError) -> URL {
        func isCheckout(_ path: String) -> Bool {
            let manager = FileManager.default
            return manager.fileExists(atPath: (path as NSString).appendingPathComponent("Package.swift"))
                && manager.fileExists(atPath: (path as NSString).appendingPathComponent("Samples/SampleSupport"))
        }
        if let option {
            let url = URL(fileURLWithPath: option).standardizedFileURL
            guard isCheckout(url.path) else {
                throw .failure("not a Core Data Companion checkout (no Package.swift and Samples)", subject: option)
            }
            return url
        }
        let current = FileManager.default.currentDirectoryPath
        if isCheckout(current) { return URL(fileURLWithPath: current) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        if let built = LessonCatalog.packageDirectory(containingBuildOf: executable), isCheckout(built) {
            return URL(fileURLWithPath: built)
        }
        throw .usage(
            "run needs the Core Data Companion checkout: run it from the repository root or pass --package DIR",
            subject: name)
    }
}
