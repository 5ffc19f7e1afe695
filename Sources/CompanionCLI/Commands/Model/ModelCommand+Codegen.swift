import Foundation
import ObjectGraph
import ObjectGraphCodegen

extension ModelCommand {
    /// `companion model codegen`: writes the classes of `model` (read from `path`) into the
    /// folder `directory`, made if missing, and prints each file's path.
    static func writeClasses(
        of model: ManagedObjectModel, readFrom path: String, into directory: String
    ) throws(CommandLineError) {
        let url = URL(fileURLWithPath: path)
        let generator: ClassGenerator
        do {
            generator = try ClassGenerator(
                model: model, modelName: ClassGenerator.modelName(forModelAt: url), sourceName: url.lastPathComponent)
        } catch {
            throw .failure(error.description, subject: path)
        }
        let folder = URL(fileURLWithPath: directory)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .failure("cannot make the folder (\(error.localizedDescription))", subject: directory)
        }
        for file in generator.files() {
            let target = folder.appendingPathComponent(file.name)
            do {
                try Data(file.contents.utf8).write(to: target, options: .atomic)
            } catch {
                throw .failure("cannot write the file (\(error.localizedDescription))", subject: target.path)
            }
            print(directory == "." ? file.name : target.path)
        }
    }
}
