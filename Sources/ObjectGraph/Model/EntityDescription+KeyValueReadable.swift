extension EntityDescription: KeyValueReadable {
    /// The entity's own facts by name, so a predicate can read them (`$FETCHED_PROPERTY.entity.name`,
    /// `$FETCHED_PROPERTY.entity.userInfo.kind`).
    ///
    /// Keys: `name`, `userInfo`, `isAbstract` (`abstract`), `managedObjectClassName`,
    /// `superentity`, `versionHashModifier` and `renamingIdentifier`; anything else is nil.
    public func value(forKey key: String) -> Any? {
        switch key {
        case "name": name
        case "userInfo": userInfo
        case "isAbstract", "abstract": isAbstract
        case "managedObjectClassName": managedObjectClassName
        case "superentity": superentity
        case "versionHashModifier": versionHashModifier
        case "renamingIdentifier": renamingIdentifier
        default: nil
        }
    }
}
