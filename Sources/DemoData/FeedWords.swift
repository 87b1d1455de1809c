/// The phrases the feed's posts are assembled from, in the spirit of the seed article's sample data: English,
/// Chinese, and the two mixed as developers write them ("今天我们把 reuse pool 重写了").
enum FeedWords {
  static let authors: [(name: String, handle: String)] = [
    ("李雷", "lilei"), ("韩梅梅", "hanmeimei"), ("Alice Chen", "alice"), ("Bob Smith", "bob"),
    ("王小明", "xiaoming"), ("Zhang Wei", "zhangwei"), ("Emily 陈", "emily"), ("林静", "linjing"),
    ("Kenji Sato", "kenji"), ("赵磊", "zhaolei"), ("María García", "maria"), ("周杰", "zhoujie"),
  ]

  // English: "{subject} {predicate} {tail}."
  static let subjects = [
    "The table view", "Our reuse pool", "The layout pass", "Every cell", "The height index", "The sticky header",
    "The terminal backend", "This build", "The diff renderer", "Self-sizing", "The demo", "Kinetic scrolling",
  ]
  static let predicates = [
    "scrolls a million rows", "reuses every cell it can", "measures rows lazily", "keeps the offset stable",
    "draws only what changed", "wraps Chinese text correctly", "stays under thirty megabytes", "opens instantly",
    "never jumps", "handles wide characters", "runs at sixty frames per second", "survives a resize",
    "finds the visible rows by binary search", "treats estimated heights as estimates",
  ]
  static let tails = [
    "today", "on Linux", "in the terminal", "without a single allocation", "even on a slow laptop",
    "after the last refactor", "with no dependencies", "and nobody noticed", "", "",
  ]

  // Chinese: "{time}{subject}{adverb}{predicate}。"
  static let times = ["今天", "昨天晚上", "刚才", "周末", "下午", "上线以后", ""]
  static let chineseSubjects = ["我们", "这个表格", "重用池", "新版本", "终端后端", "每一行", "估算高度", "滚动"]
  static let adverbs = ["终于", "又", "已经", "居然", "真的", ""]
  static let chinesePredicates = [
    "非常流畅", "只用了几兆内存", "瞬间打开了一百万行", "再也不会跳动了", "对齐了所有宽字符", "通过了全部测试",
    "比以前快了三倍", "在八十列的终端里也很好看", "把标题固定在顶部", "支持鼠标滚轮加速",
  ]

  // Mixed: "{time}{subject}把 {noun} {verb}，{comment}。" and "{Subject} {predicate}，{comment}！"
  static let nouns = [
    "reuse pool", "layout pass", "height cache", "sticky header", "diff renderer", "estimated height",
    "scroll indicator", "benchmark", "pull request", "code review", "section footer", "prefetch",
  ]
  static let verbs = ["重写了", "优化了", "测完了", "合并了", "修好了", "删掉了", "又看了一遍"]
  static let comments = ["太好了", "真不错", "值得庆祝", "大家试试看", "明天继续", "咖啡时间", "收工"]

  static let emoji = ["🎉", "🚀", "☕️", "👍", "🙂"]
}
