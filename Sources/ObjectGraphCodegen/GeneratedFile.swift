/// One Swift source file the generator writes: its name (`Movie+CoreDataClass.swift`) and text.
public struct GeneratedFile: Equatable, Sendable {
    /// The file's name, without a folder.
    public let name: String
    /// The Swift source, ending with a newline.
    public let contents: String

    /// Makes a file named `name` holding `contents`.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
