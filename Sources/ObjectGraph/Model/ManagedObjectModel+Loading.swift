import Foundation

/// Reading a model from the files Xcode writes.
extension ManagedObjectModel {
    /// Reads a model from an Xcode `.xcdatamodeld` bundle (its `.xccurrentversion` picks the
    /// version), an `.xcdatamodel` directory, or a model's `contents` XML file.
    ///
    /// ```swift
    /// let model = try ManagedObjectModel(contentsOf: URL(fileURLWithPath: "Theater.xcdatamodeld"))
    /// ```
    ///
    /// - Throws: ``ModelError`` when the files cannot be read or do not describe a valid model.
    public convenience init(contentsOf url: URL) throws(ModelError) {
        let file = try ModelFileLocator().contentsFile(for: url)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .unreadable(path: file.path, reason: ModelFileLocator.reason(for: error))
        }
        try self.init(xcodeModelContents: data)
    }

    /// Reads a model from the XML of an `.xcdatamodel/contents` file.
    ///
    /// - Throws: ``ModelError`` when the XML is malformed or does not describe a valid model.
    public convenience init(xcodeModelContents data: Data) throws(ModelError) {
        let contents = try XcodeModelReader().read(data)
        try Self.checkNames(of: contents.entities)
        try self.init(
            entities: contents.entities, fetchRequestTemplates: contents.fetchRequestTemplates,
            configurations: contents.configurations, versionIdentifiers: contents.versionIdentifiers,
            userInfo: contents.userInfo)
    }
}

extension ManagedObjectModel {
    /// Refuses a model file whose entity or property names are not identifiers: Xcode's editor
    /// never writes one, and each would become a broken table or column name. Models built in code
    /// (the inspector's, inferred from a store someone else wrote) are not held to it.
    static func checkNames(of entities: [EntityDescription]) throws(ModelError) {
        for entity in entities {
            guard isIdentifier(entity.name) else { throw .invalidName(entity.name, entity: nil) }
            if let property = entity.properties.first(where: { !isIdentifier($0.name) }) {
                throw .invalidName(property.name, entity: entity.name)
            }
        }
    }

    /// Whether `name` can name an entity or a property: letters, digits and `_`, not starting with
    /// a digit (what Xcode's model editor accepts).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, !first.isNumber else { return false }
        return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }
}
