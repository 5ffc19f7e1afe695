extension PropertyDescription: KeyValueReadable {
    /// The description's own facts by name, so a predicate can read them: a fetched property's
    /// predicate reaches its description as `$FETCHED_PROPERTY`, and Core Data's idiom
    /// `name == $FETCHED_PROPERTY.userInfo.wanted` reads a value from the model editor's User Info.
    ///
    /// Keys: `name`, `userInfo`, `isOptional` (`optional`), `isTransient` (`transient`),
    /// `versionHashModifier`, `renamingIdentifier` and `entity`; anything else is nil.
    public func value(forKey key: String) -> Any? {
        switch key {
        case "name": name
        case "userInfo": userInfo
        case "isOptional", "optional": isOptional
        case "isTransient", "transient": isTransient
        case "versionHashModifier": versionHashModifier
        case "renamingIdentifier": renamingIdentifier
        case "entity": entity
        default: nil
        }
    }
}
