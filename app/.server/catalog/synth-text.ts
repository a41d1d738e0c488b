/**
 * Word lists for the synthetic benchmark catalogue. Names and sentences are
 * built from these by a seeded generator, so the same seed always yields the
 * same catalogue. Latin-script languages keep the English product name (as
 * real catalogues do); Chinese, Japanese and Korean get names of their own.
 */

export const EN_PREFIXES = [
  "Swift", "Bright", "Nova", "Clear", "Deep", "Smart", "Pixel", "Quantum", "Echo", "Lumen", "Vector", "Atlas",
  "Prism", "Orbit", "Spark", "Zen", "Flow", "Kite", "Maple", "Cobalt", "Delta", "Harbor", "Iris", "Juniper",
  "Nimbus", "Onyx", "Pulse", "Quill", "Relay", "Summit", "Tidal", "Unity", "Vivid", "Willow", "Apex", "Beacon",
  "Cedar", "Drift", "Ember", "Fable",
];
export const EN_NOUNS = [
  "Writer", "Canvas", "Assistant", "Studio", "Lens", "Notes", "Voice", "Tutor", "Coder", "Analyst", "Planner",
  "Editor", "Scribe", "Designer", "Translator", "Composer", "Scout", "Forecast", "Mentor", "Pilot", "Builder",
  "Reader", "Tracker", "Companion", "Recruiter", "Ledger", "Chef", "Coach", "Mapper", "Director",
];
export const EN_SUFFIXES = ["", "", "", " AI", " Pro", " Labs", " GPT", " Hub", " X", " Go"];

export const EN_AUDIENCES = [
  "students", "marketers", "small teams", "developers", "researchers", "online sellers", "designers", "teachers",
  "recruiters", "writers", "podcasters", "analysts", "founders", "support agents",
];
export const EN_TASKS = [
  "draft reports", "summarize long documents", "edit product photos", "plan weekly content", "answer customer questions",
  "translate help articles", "review pull requests", "forecast monthly sales", "transcribe interviews",
  "generate social posts", "clean spreadsheets", "prepare lesson plans", "find keyword ideas", "create short videos",
];
export const EN_FEATURES = [
  "templates", "a browser extension", "team workspaces", "an API", "brand voice settings", "version history",
  "offline export", "Slack integration", "citation links", "batch processing", "usage analytics", "custom prompts",
];

export const ZH_PREFIXES = ["智能", "快速", "云端", "灵感", "星河", "极简", "深度", "万象", "光速", "青鸟", "墨客", "晨曦", "知行", "妙笔", "天工"];
export const ZH_NOUNS = ["写作助手", "画板", "翻译官", "剪辑师", "笔记", "助教", "分析师", "设计室", "编程伙伴", "客服", "语音工坊", "规划师", "数据台", "营销官"];
export const ZH_TW_NOUNS = ["寫作助手", "畫板", "翻譯官", "剪輯師", "筆記", "助教", "分析師", "設計室", "程式夥伴", "客服", "語音工坊", "規劃師", "數據台", "行銷官"];
export const ZH_TASKS = ["撰写报告", "总结长文档", "编辑商品图片", "规划每周内容", "回答客户问题", "翻译帮助文档", "审查代码", "预测月度销量", "转写访谈录音", "生成社交媒体帖子"];
export const ZH_AUDIENCES = ["学生", "营销人员", "小团队", "开发者", "研究人员", "跨境卖家", "设计师", "教师"];

export const JA_PREFIXES = ["スマート", "クイック", "ノヴァ", "クリア", "ディープ", "ピクセル", "エコー", "ルーメン", "アトラス", "プリズム", "スパーク", "フロー"];
export const JA_NOUNS = ["ライター", "キャンバス", "アシスタント", "スタジオ", "ノート", "ボイス", "チューター", "アナリスト", "プランナー", "エディター", "翻訳", "コーチ"];
export const JA_TASKS = ["レポートを作成する", "長い文書を要約する", "商品写真を編集する", "週間コンテンツを計画する", "顧客の質問に答える", "ヘルプ記事を翻訳する", "売上を予測する", "インタビューを文字起こしする"];
export const JA_AUDIENCES = ["学生", "マーケター", "小規模チーム", "開発者", "研究者", "ネットショップ運営者", "デザイナー", "教師"];

export const KO_PREFIXES = ["스마트", "퀵", "노바", "클리어", "딥", "픽셀", "에코", "루멘", "아틀라스", "프리즘", "스파크", "플로우"];
export const KO_NOUNS = ["라이터", "캔버스", "어시스턴트", "스튜디오", "노트", "보이스", "튜터", "애널리스트", "플래너", "에디터", "번역기", "코치"];
export const KO_TASKS = ["보고서를 작성", "긴 문서를 요약", "상품 사진을 편집", "주간 콘텐츠를 계획", "고객 질문에 답변", "도움말 문서를 번역", "월간 매출을 예측", "인터뷰를 받아쓰기"];
export const KO_AUDIENCES = ["학생", "마케터", "소규모 팀", "개발자", "연구자", "온라인 판매자", "디자이너", "교사"];

/** Sentence templates of the Latin-script languages: {name}, {audience}, {task}, {feature}. */
export const LATIN_TEMPLATES: Record<string, { template: string; audiences: string[]; tasks: string[] }> = {
  es: {
    template: "{name} ayuda a {audience} a {task}, con plantillas y un espacio de trabajo compartido.",
    audiences: ["estudiantes", "equipos pequeños", "desarrolladores", "vendedores en línea", "diseñadores", "docentes"],
    tasks: ["redactar informes", "resumir documentos largos", "editar fotos de productos", "responder a clientes", "traducir artículos"],
  },
  fr: {
    template: "{name} aide les {audience} à {task}, avec des modèles et un espace de travail partagé.",
    audiences: ["étudiants", "petites équipes", "développeurs", "vendeurs en ligne", "designers", "enseignants"],
    tasks: ["rédiger des rapports", "résumer de longs documents", "retoucher des photos produit", "répondre aux clients", "traduire des articles"],
  },
  de: {
    template: "{name} hilft {audience}, {task} – mit Vorlagen und einem gemeinsamen Arbeitsbereich.",
    audiences: ["Studierenden", "kleinen Teams", "Entwicklern", "Online-Händlern", "Designern", "Lehrkräften"],
    tasks: ["Berichte zu entwerfen", "lange Dokumente zusammenzufassen", "Produktfotos zu bearbeiten", "Kundenfragen zu beantworten", "Artikel zu übersetzen"],
  },
  pt: {
    template: "{name} ajuda {audience} a {task}, com modelos e um espaço de trabalho compartilhado.",
    audiences: ["estudantes", "equipes pequenas", "desenvolvedores", "vendedores online", "designers", "professores"],
    tasks: ["redigir relatórios", "resumir documentos longos", "editar fotos de produtos", "responder clientes", "traduzir artigos"],
  },
  vi: {
    template: "{name} giúp {audience} {task}, với mẫu có sẵn và không gian làm việc chung.",
    audiences: ["sinh viên", "nhóm nhỏ", "lập trình viên", "người bán hàng trực tuyến", "nhà thiết kế", "giáo viên"],
    tasks: ["soạn báo cáo", "tóm tắt tài liệu dài", "chỉnh sửa ảnh sản phẩm", "trả lời khách hàng", "dịch bài viết"],
  },
};

/** Share of tools that get each non-English language (sparse, like real catalogues). */
export const LANGUAGE_SHARE: Record<string, number> = {
  "zh-CN": 0.45, "zh-TW": 0.1, ja: 0.2, ko: 0.18, es: 0.12, fr: 0.1, de: 0.1, pt: 0.08, vi: 0.06,
};
