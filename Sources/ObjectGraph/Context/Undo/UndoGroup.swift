/// One undoable step: the actions registered while it was open, newest last, and its name.
///
/// A group can hold groups (nested `beginUndoGrouping()` calls); undoing it performs its entries
/// in reverse order of registration, so the last change made is the first one taken back.
final class UndoGroup {
    /// One registered action or a nested group.
    enum Entry {
        /// A registered handler, performed only while its target is still alive.
        case action(UndoAction)
        /// A group nested inside this one.
        case group(UndoGroup)
    }

    /// The entries in registration order.
    var entries: [Entry] = []
    /// The name shown in an Edit menu (`Undo <name>`); empty when none was set.
    var actionName = ""
    /// Whether `groupsByEvent` opened this group (the end of the event closes it).
    let isEventGroup: Bool

    init(isEventGroup: Bool) {
        self.isEventGroup = isEventGroup
    }

    /// Whether the group, counting nested groups, holds no action at all.
    var isEmpty: Bool {
        entries.allSatisfy { entry in
            if case .group(let nested) = entry { return nested.isEmpty }
            return false
        }
    }

    /// Removes every action registered with `target`, here and in nested groups.
    func removeActions(withTarget target: ObjectIdentifier) {
        entries.removeAll { entry in
            switch entry {
            case .action(let action): return action.targetIdentity == target
            case .group(let nested):
                nested.removeActions(withTarget: target)
                return nested.isEmpty
            }
        }
    }

    /// Performs every action, newest first.
    func perform() {
        for entry in entries.reversed() {
            switch entry {
            case .action(let action): action.perform()
            case .group(let nested): nested.perform()
            }
        }
    }
}

/// A handler registered for a target; the undo manager does not keep the target alive.
struct UndoAction {
    /// The target's identity, for `removeAllActions(withTarget:)`.
    let targetIdentity: ObjectIdentifier
    /// Calls the handler with the target if the target still exists.
    let perform: () -> Void
}
