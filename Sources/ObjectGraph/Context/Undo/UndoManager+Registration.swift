extension UndoManager {
    /// Records `handler` as the inverse of a change just made to `target`.
    ///
    /// The handler receives the target when the step is undone (or redone); inside it, perform the
    /// inverse change and register *its* inverse the same way, so redo works. The target is not
    /// kept alive: if it is gone by then, the action is skipped.
    ///
    /// Outside any group, the registration opens one (with ``groupsByEvent``, the group the end of
    /// the event closes; without it, a group the next ``endUndoGrouping()`` closes). Registrations
    /// are ignored while registration is disabled.
    public func registerUndo<Target: AnyObject>(withTarget target: Target, handler: @escaping (Target) -> Void) {
        guard isUndoRegistrationEnabled else { return }
        if openGroups.isEmpty {
            openGroups.append(UndoGroup(isEventGroup: groupsByEvent))
        }
        if !isUndoing && !isRedoing {
            redoStack.removeAll()
        }
        let action = UndoAction(targetIdentity: ObjectIdentifier(target)) { [weak target] in
            if let target { handler(target) }
        }
        openGroups[openGroups.count - 1].entries.append(.action(action))
    }
}
