// The tool the ObjectGraphCodegen build plugin runs: `objectgraph-codegen MODEL OUTPUT.swift`
// writes the classes of MODEL's entities and its registration enum into one file. (One file,
// not Xcode's pair per entity: SwiftPM must know a build command's outputs before the model is
// read.) Errors are one line on stderr naming the model; the exit status is 1.
import Foundation
import ObjectGraph
import ObjectGraphCodegen

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: objectgraph-codegen MODEL OUTPUT.swift\n".utf8))
    exit(2)
}
let modelURL = URL(fileURLWithPath: arguments[0])
let outputURL = URL(fileURLWithPath: arguments[1])
do {
    let model = try ManagedObjectModel(contentsOf: modelURL)
    let generator = try ClassGenerator(
        model: model, modelName: ClassGenerator.modelName(forModelAt: modelURL), sourceName: modelURL.lastPathComponent)
    let file = generator.singleFile(named: outputURL.lastPathComponent)
    try FileManager.default.createDirectory(
        at: outputURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    // Rewritten only when it changes, so an unchanged model does not recompile the target.
    if (try? Data(contentsOf: outputURL)) != Data(file.contents.utf8) {
        try Data(file.contents.utf8).write(to: outputURL, options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("objectgraph-codegen: \(modelURL.path): \(error)\n".utf8))
    exit(1)
}
