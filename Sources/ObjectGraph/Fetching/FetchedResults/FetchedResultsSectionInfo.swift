/// One section of a fetched results controller's result, as a table view's data source needs it.
///
/// A value: it describes the section at the moment it was taken (the controller hands out fresh
/// ones after each change).
public struct FetchedResultsSectionInfo: CustomStringConvertible {
    /// The section's name: the string value of the section name key path shared by its objects
    /// (`""` when the controller has no section key path or the value is nil).
    public let name: String
    /// The title of the section in a section index (by default the capitalized first letter of
    /// the name); nil when the delegate gives none.
    public let indexTitle: String?
    /// The section's objects in fetch order.
    public let objects: [ManagedObject]

    /// How many objects the section holds.
    public var numberOfObjects: Int {
        objects.count
    }

    /// `Austen (2 objects)`.
    public var description: String {
        "\(name) (\(numberOfObjects) object\(numberOfObjects == 1 ? "" : "s"))"
    }
}
