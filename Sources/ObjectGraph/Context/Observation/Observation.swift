/// One observation of a key path of a managed object: the chain of (object, key) registrations
/// along the path and along the key paths the last key depends on, and the handler.
///
/// Registrations are rebuilt after every change, so observing `"theater.name"` follows the movie
/// to its new theater. A change arriving while another is in progress (a dependent key and the
/// key it depends on changing together) is reported once, when the outermost one ends.
final class Observation {
    weak var root: ManagedObject?
    let path: [String]
    let options: ObservationOptions
    let handler: (ManagedObject, ObservedChange) -> Void

    /// The registrations currently in place.
    private var registrations: [(object: ManagedObject, key: String, watch: ObservationInfo.Watch)] = []
    /// How many changes are in progress.
    private var depth = 0
    /// The value when the outermost change began.
    private var valueBefore: Any?

    init(
        root: ManagedObject, path: [String], options: ObservationOptions,
        handler: @escaping (ManagedObject, ObservedChange) -> Void
    ) {
        self.root = root
        self.path = path
        self.options = options
        self.handler = handler
        register()
    }

    /// The value at the key path now.
    var currentValue: Any? {
        var current: Any? = root
        for key in path {
            guard let object = current as? ManagedObject else { return nil }
            current = Self.value(of: object, forKey: key)
        }
        return current
    }

    func willChange() {
        depth += 1
        guard depth == 1, let root else { return }
        valueBefore = currentValue
        if options.contains(.prior) {
            handler(
                root,
                ObservedChange(
                    kind: .setting, oldValue: options.contains(.old) ? valueBefore : nil, newValue: nil,
                    insertedObjects: [], removedObjects: [], isPrior: true))
        }
    }

    func didChange() {
        depth = max(0, depth - 1)
        guard depth == 0, let root else { return }
        let valueAfter = currentValue
        let before = Self.members(valueBefore)
        let after = Self.members(valueAfter)
        var kind = ObservedChange.Kind.setting
        var inserted: Set<ManagedObject> = []
        var removed: Set<ManagedObject> = []
        if let before, let after {
            inserted = after.subtracting(before)
            removed = before.subtracting(after)
            switch (inserted.isEmpty, removed.isEmpty) {
            case (false, true): kind = .insertion
            case (true, false): kind = .removal
            case (false, false): kind = .replacement
            case (true, true): kind = .setting
            }
        }
        let oldValue = valueBefore
        valueBefore = nil
        unregister()
        register()
        handler(
            root,
            ObservedChange(
                kind: kind, oldValue: options.contains(.old) ? oldValue : nil,
                newValue: options.contains(.new) ? valueAfter : nil, insertedObjects: inserted, removedObjects: removed,
                isPrior: false))
    }

    /// Ends the observation: every registration goes.
    func invalidate() {
        unregister()
        root = nil
    }

    // MARK: - Registrations

    private func register() {
        guard let root else { return }
        var object = root
        for (index, key) in path.enumerated() {
            watch(object, key)
            if index == path.count - 1 {
                if let dependent = object as? any KeyValueDependencies {
                    for dependency in type(of: dependent).keyPathsForValuesAffectingValue(forKey: key) {
                        watchChain(from: object, path: dependency.split(separator: ".").map(String.init))
                    }
                }
            } else {
                guard let next = Self.value(of: object, forKey: key) as? ManagedObject else { return }
                object = next
            }
        }
    }

    /// Watches every key along `path` starting at `start` (following to-one relationships).
    private func watchChain(from start: ManagedObject, path: [String]) {
        var object = start
        for (index, key) in path.enumerated() {
            watch(object, key)
            guard index < path.count - 1, let next = Self.value(of: object, forKey: key) as? ManagedObject else {
                return
            }
            object = next
        }
    }

    private func watch(_ object: ManagedObject, _ key: String) {
        let watch = ObservationInfo.Watch(observation: self)
        let info = object.observationInfo ?? ObservationInfo()
        object.observationInfo = info
        object.managedObjectContext?.mayHoldObservedObjects = true
        info.add(watch, forKey: key)
        registrations.append((object, key, watch))
    }

    private func unregister() {
        for registration in registrations {
            registration.object.observationInfo?.remove(registration.watch, forKey: registration.key)
            if registration.object.observationInfo?.isEmpty == true { registration.object.observationInfo = nil }
        }
        registrations.removeAll()
    }

    // MARK: - Values

    /// A model property's value, or a computed key's value for a subclass that declares it.
    static func value(of object: ManagedObject, forKey key: String) -> Any? {
        if object.entity.propertiesByName[key] == nil, let dependent = object as? any KeyValueDependencies {
            return dependent.computedValue(forKey: key)
        }
        return object.value(forKey: key)
    }

    /// The members of a to-many value, nil for any other value.
    private static func members(_ value: Any?) -> Set<ManagedObject>? {
        switch value {
        case let set as Set<ManagedObject>: set
        case let ordered as OrderedSet<ManagedObject>: ordered.set
        default: nil
        }
    }
}
