extension UndoManager {
    /// Opens a group: everything registered until the matching ``endUndoGrouping()`` is undone as
    /// one step. Groups nest; a nested group is undone together with its enclosing group.
    public func beginUndoGrouping() {
        openGroups.append(UndoGroup(isEventGroup: false))
    }

    /// Closes the innermost open group. A top-level group that holds actions becomes the newest
    /// undo step (or redo step, while undoing); an empty one is dropped. Does nothing when no group
    /// is open.
    public func endUndoGrouping() {
        guard let group = openGroups.popLast() else { return }
        if let parent = openGroups.last {
            if !group.isEmpty { parent.entries.append(.group(group)) }
            return
        }
        guard !group.isEmpty else { return }
        if isUndoing {
            redoStack.append(group)
        } else {
            undoStack.append(group)
            trimUndoStack()
        }
    }

    /// Closes the group that ``groupsByEvent`` opened, ending the current event.
    ///
    /// A managed object context calls this from `processPendingChanges()`. Groups opened with
    /// ``beginUndoGrouping()`` are left alone, so explicit grouping can span several events.
    public func endEventGrouping() {
        if openGroups.count == 1, openGroups[0].isEventGroup { endUndoGrouping() }
    }

    /// Names the step being recorded (or the newest undo step when no group is open), for an Edit
    /// menu's `Undo <name>`.
    public func setActionName(_ name: String) {
        if let open = openGroups.first {
            open.actionName = name
        } else if let last = isUndoing ? redoStack.last : undoStack.last {
            last.actionName = name
        }
    }

    /// The name of the step ``undo()`` would take back; empty when none was given.
    public var undoActionName: String {
        (openGroups.first.flatMap { $0.isEmpty ? nil : $0 } ?? undoStack.last)?.actionName ?? ""
    }

    /// The name of the step ``redo()`` would perform again; empty when none was given.
    public var redoActionName: String {
        redoStack.last?.actionName ?? ""
    }

    /// The title of an Edit menu's undo item: `Undo` or `Undo <name>`.
    public var undoMenuItemTitle: String {
        undoActionName.isEmpty ? "Undo" : "Undo \(undoActionName)"
    }

    /// The title of an Edit menu's redo item: `Redo` or `Redo <name>`.
    public var redoMenuItemTitle: String {
        redoActionName.isEmpty ? "Redo" : "Redo \(redoActionName)"
    }
}
