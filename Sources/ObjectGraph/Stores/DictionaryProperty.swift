/// One key of a dictionary result, resolved against the model: a key path through to-one
/// relationships ending at an attribute or a to-one relationship.
///
/// The context resolves them and hands them to ``PersistentStore/fetchDictionaries(_:properties:distinct:)``;
/// they have no public members.
public struct DictionaryProperty {
    /// What the key path ends at.
    enum Kind {
        /// An attribute of this type.
        case attribute(AttributeType)
        /// A to-one relationship; the value is the destination's object ID.
        case toOne(destination: EntityDescription)
    }

    /// The key in the dictionary: the key path as the request gave it (`"theater.name"`).
    var keyPath: String
    /// What the key path ends at.
    var kind: Kind
    /// The relationships followed before the last key (`["theater"]` for `"theater.name"`).
    var relationshipPath: [String]
    /// The last key of the path (`"name"`).
    var lastKey: String
    /// The value transformer a transformable attribute names, applied to the stored bytes.
    var transformerName: String? = nil
}
