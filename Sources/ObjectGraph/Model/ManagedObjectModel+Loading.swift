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
        try self.init(
            entities: contents.entities, fetchRequestTemplates: contents.fetchRequestTemplates,
            configurations: contents.configurations, versionIdentifiers: contents.versionIdentifiers,
            userInfo: contents.userInfo)
    }
}
