import Foundation
import PackagePlugin

/// Generates Swift classes for every `.xcdatamodeld` among a target's sources at each build, so the
/// target can write `Movie(context: context)` and `TheaterModel.registerClasses()`.
///
/// A student's package adds it to a target:
///
/// ```swift
/// .executableTarget(
///     name: "App", dependencies: [.product(name: "ObjectGraph", package: "CoreDataCompanion")],
///     resources: [.copy("Theater.xcdatamodeld")],
///     plugins: [.plugin(name: "ObjectGraphCodegen", package: "CoreDataCompanion")])
/// ```
///
/// Each model becomes one file, `<Model>Model+Classes.swift`, in the plugin's work folder:
/// SwiftPM must know a build command's outputs before it runs, and only the model says which
/// entities there are. `companion model codegen` writes the same code as Xcode's file pairs.
@main
struct ObjectGraphCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "objectgraph-codegen")
        let bundles = Set(module.sourceFiles.compactMap { Self.modelBundle(containing: $0.url) })
        return bundles.sorted { $0.path < $1.path }.map { bundle in
            let name = bundle.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(name)Model+Classes.swift")
            return .buildCommand(
                displayName: "Generating classes for \(bundle.lastPathComponent)",
                executable: tool.url, arguments: [bundle.path, output.path],
                inputFiles: Self.files(in: bundle), outputFiles: [output])
        }
    }

    /// The `.xcdatamodeld` bundle `file` is or lies in, if any. (SwiftPM lists a bundle declared
    /// as a resource as one file, and an undeclared one's files one by one.)
    static func modelBundle(containing file: URL) -> URL? {
        var url = file.standardizedFileURL
        while url.pathComponents.count > 1 {
            if url.pathExtension == "xcdatamodeld" { return url }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// The files of a bundle (its versions' `contents` and `.xccurrentversion`): a change to any
    /// of them generates the classes again.
    static func files(in bundle: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: bundle, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        return walker.compactMap { item -> URL? in
            guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
            else { return nil }
            return url
        }
    }
}
