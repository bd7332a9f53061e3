import Geometry
import Raster

/// Where each part of the viewer's window goes, so that none covers another or the picture: the error
/// banner and the HUD strip across the top, the toolbar across the bottom with the timeline above it,
/// and between them the picture, beside the inspector's side column (the time chain over the editor
/// slot) when the inspector is open and the picture keeps half the width. The picture is drawn at its own size when it fits, else scaled
/// down to fit what is left, aspect kept; either way centred in its area.
public struct WindowLayout: Equatable, Sendable {
    /// The heights of the parts above and below the picture, and whether the inspector is open.
    public struct Chrome: Equatable, Sendable {
        public var bannerHeight: Int
        public var hudHeight: Int
        public var timelineHeight: Int
        public var toolbarHeight: Int
        public var inspectorOpen: Bool

        public init(bannerHeight: Int, hudHeight: Int, timelineHeight: Int, toolbarHeight: Int, inspectorOpen: Bool) {
            self.bannerHeight = bannerHeight
            self.hudHeight = hudHeight
            self.timelineHeight = timelineHeight
            self.toolbarHeight = toolbarHeight
            self.inspectorOpen = inspectorOpen
        }

        /// Nothing but the picture (`--no-hud`).
        public static let none = Chrome(
            bannerHeight: 0, hudHeight: 0, timelineHeight: 0, toolbarHeight: 0, inspectorOpen: false)
    }

    public var banner: PixelRect
    public var hud: PixelRect
    /// The space the picture is fitted into.
    public var pictureArea: PixelRect
    /// Where the picture is drawn, at `scale` of its size.
    public var picture: PixelRect
    public var scale: Double
    /// The inspector's column right of the picture (empty when closed or when there is no room).
    public var sideColumn: PixelRect
    /// The time chain, at the top of the side column.
    public var timeChain: PixelRect
    /// The rest of the side column, below the time chain: the slot an editor panel (the easing editor)
    /// is laid out in.
    public var editorSlot: PixelRect
    public var timeline: PixelRect
    public var toolbar: PixelRect

    /// The side column's width in a window `width` pixels wide (0 when the picture would keep less
    /// than half the width).
    public static func sideColumnWidth(windowWidth width: Int) -> Int {
        let column = min(440, max(320, width * 3 / 10))
        return width - column >= (width + 1) / 2 ? column : 0
    }

    /// The smallest time-chain height worth a side column (the strip's own).
    public static let timeChainHeight = TimeChainView.height

    /// The layout of a `width`×`height` window showing a `pictureWidth`×`pictureHeight` picture.
    public init(width: Int, height: Int, pictureWidth: Int, pictureHeight: Int, chrome: Chrome) {
        let width = max(0, width)
        let height = max(0, height)
        let toolbarHeight = min(height, chrome.toolbarHeight)
        toolbar = PixelRect(x: 0, y: height - toolbarHeight, width: width, height: toolbarHeight)
        banner = PixelRect(x: 0, y: 0, width: width, height: min(chrome.bannerHeight, toolbar.y))
        hud = PixelRect(x: 0, y: banner.maxY, width: width, height: min(chrome.hudHeight, toolbar.y - banner.maxY))
        let free = toolbar.y - hud.maxY
        let collapsed = min(chrome.timelineHeight, TimelinePanel.collapsedHeight)
        // The timeline's rows take at most half the height between the HUD and the toolbar.
        let timelineHeight = min(free, max(collapsed, min(chrome.timelineHeight, free / 2)))
        timeline = PixelRect(x: 0, y: toolbar.y - timelineHeight, width: width, height: timelineHeight)
        let middle = PixelRect(x: 0, y: hud.maxY, width: width, height: timeline.y - hud.maxY)
        let columnWidth = chrome.inspectorOpen ? Self.sideColumnWidth(windowWidth: width) : 0
        sideColumn = PixelRect(x: width - columnWidth, y: middle.y, width: columnWidth, height: middle.height)
        let chainHeight = sideColumn.height >= Self.timeChainHeight ? Self.timeChainHeight : 0
        timeChain = PixelRect(x: sideColumn.x, y: sideColumn.y, width: sideColumn.width, height: chainHeight)
        editorSlot = PixelRect(
            x: sideColumn.x, y: timeChain.maxY, width: sideColumn.width, height: sideColumn.height - chainHeight)
        pictureArea = PixelRect(x: 0, y: middle.y, width: width - columnWidth, height: middle.height)
        let pw = max(1, pictureWidth)
        let ph = max(1, pictureHeight)
        scale = min(1, Double(pictureArea.width) / Double(pw), Double(pictureArea.height) / Double(ph))
        let shownWidth = min(pictureArea.width, PixelGrid.nearest(Double(pw) * scale))
        let shownHeight = min(pictureArea.height, PixelGrid.nearest(Double(ph) * scale))
        picture = PixelRect(
            x: pictureArea.x + (pictureArea.width - shownWidth) / 2,
            y: pictureArea.y + (pictureArea.height - shownHeight) / 2, width: shownWidth, height: shownHeight)
    }

    /// The window size that shows a `pictureWidth`×`pictureHeight` picture at its own size with `chrome`
    /// (no banner): what the viewer asks for at launch and when the inspector opens or closes.
    public static func preferredSize(pictureWidth: Int, pictureHeight: Int, chrome: Chrome) -> (
        width: Int, height: Int
    ) {
        var width = max(1, pictureWidth)
        if chrome.inspectorOpen {
            // The column's width for the window it makes: solve w = picture + column(w).
            var total = width + 320
            for _ in 0..<4 { total = width + max(320, sideColumnWidth(windowWidth: total)) }
            width = total
        }
        return (width, max(1, pictureHeight) + chrome.hudHeight + chrome.timelineHeight + chrome.toolbarHeight)
    }
}
