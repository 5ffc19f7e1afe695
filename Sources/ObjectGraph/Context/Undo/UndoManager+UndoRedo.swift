extension UndoManager {
    /// Takes back the newest step: closes any open group first (so the step being recorded is the
    /// one undone), then performs its actions newest first. What they register becomes the redo
    /// step. Does nothing when there is nothing to undo.
    public func undo() {
        while !openGroups.isEmpty { endUndoGrouping() }
        undoNestedGroup()
    }

    /// Performs the newest undo step without closing open groups; what it registers goes into the
    /// group that is open, or becomes the redo step when none is.
    public func undoNestedGroup() {
        guard !isUndoing, !isRedoing, let group = undoStack.popLast() else { return }
        isUndoing = true
        let topLevel = openGroups.isEmpty
        if topLevel { openGroups.append(UndoGroup(isEventGroup: false)) }
        group.perform()
        if topLevel {
            openGroups[openGroups.count - 1].actionName = group.actionName
            endUndoGrouping()
        }
        isUndoing = false
    }

    /// Performs the newest undone step again; what it registers becomes the next undo step,
    /// without clearing the other redo steps. Does nothing when there is nothing to redo.
    public func redo() {
        while !openGroups.isEmpty { endUndoGrouping() }
        guard !isUndoing, !isRedoing, let group = redoStack.popLast() else { return }
        isRedoing = true
        openGroups.append(UndoGroup(isEventGroup: false))
        group.perform()
        openGroups[openGroups.count - 1].actionName = group.actionName
        endUndoGrouping()
        isRedoing = false
    }
}
