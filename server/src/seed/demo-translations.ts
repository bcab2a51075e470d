/** The demo catalog's French and Arabic texts (docs/product.md, "Catalog languages"), so a new store shown in either
 * language reads in it from the first start. Product titles stay as they are: they are brand product names, as real
 * stores keep them. Amounts, numbers and brand names are left untouched in every text. */
import type { CatalogLang } from "@store/shared/catalog-translations";

export interface DemoProductTexts {
  /** Only where the English tagline is given: a card without one shows the interface's own, already translated. */
  tagline?: string;
  description: string;
}

/** Per product id. */
export const DEMO_PRODUCT_TEXTS: Readonly<Record<string, Readonly<Record<CatalogLang, DemoProductTexts>>>> = {
  "psn-10-us": {
    fr: {
      tagline: "Rechargez votre porte-monnaie PSN",
      description:
        "Ajoutez $10 au porte-monnaie d'un compte PlayStation Network américain. Valable sur PS5 et PS4 pour les jeux, les extensions et les abonnements.",
    },
    ar: {
      tagline: "اشحن محفظتك على PSN",
      description:
        "أضف $10 إلى محفظة حساب PlayStation Network أمريكي. يُستخدم الرصيد على PS5 و PS4 لشراء الألعاب والإضافات والاشتراكات.",
    },
  },
  "psn-25-us": {
    fr: {
      tagline: "La recharge PSN la plus populaire",
      description:
        "Ajoutez $25 au porte-monnaie d'un compte PlayStation Network américain. Code envoyé instantanément par e-mail.",
    },
    ar: {
      tagline: "شحن PSN الأكثر طلبًا",
      description: "أضف $25 إلى محفظة حساب PlayStation Network أمريكي. يصلك الرمز فورًا عبر البريد الإلكتروني.",
    },
  },
  "psn-50-us": {
    fr: {
      description:
        "Ajoutez $50 au porte-monnaie d'un compte PlayStation Network américain pour vous offrir les dernières sorties.",
    },
    ar: { description: "أضف $50 إلى محفظة حساب PlayStation Network أمريكي لشراء أحدث الإصدارات." },
  },
  "psn-20-eu": {
    fr: {
      tagline: "Pour les comptes européens",
      description: "Rechargez de €20 un compte PlayStation Network européen.",
    },
    ar: {
      tagline: "للحسابات الأوروبية",
      description: "اشحن حسابًا أوروبيًا على PlayStation Network بمبلغ €20.",
    },
  },
  "xbox-15-us": {
    fr: {
      tagline: "Jeux, applis et plus encore",
      description: "À utiliser sur Xbox Series X|S, Xbox One ou Windows pour des jeux, des extensions et des films.",
    },
    ar: {
      tagline: "ألعاب وتطبيقات والمزيد",
      description: "استرد رمزها على Xbox Series X|S أو Xbox One أو Windows لشراء الألعاب والإضافات والأفلام.",
    },
  },
  "xbox-50-us": {
    fr: { description: "Un solde Microsoft de $50 à dépenser sur la boutique Xbox." },
    ar: { description: "رصيد Microsoft بقيمة $50 للشراء من متجر Xbox." },
  },
  "xbox-25-eu": {
    fr: { description: "Un solde Microsoft de €25 pour les comptes européens." },
    ar: { description: "رصيد Microsoft بقيمة €25 للحسابات الأوروبية." },
  },
  "steam-20": {
    fr: {
      tagline: "Le préféré des joueurs",
      description:
        "Approvisionnez votre porte-monnaie Steam et achetez des jeux, des logiciels et du matériel sur Steam.",
    },
    ar: {
      tagline: "الخيار المفضّل لدى اللاعبين",
      description: "أضف رصيدًا إلى محفظة Steam واشترِ الألعاب والبرامج والأجهزة من Steam.",
    },
  },
  "steam-50": {
    fr: {
      description:
        "Ajoutez $50 à n'importe quel compte Steam. Le montant est converti dans la devise de votre porte-monnaie.",
    },
    ar: { description: "أضف $50 إلى أي حساب Steam، ويُحوَّل المبلغ إلى عملة محفظتك." },
  },
  "steam-100": {
    fr: {
      tagline: "La meilleure affaire",
      description: "La plus grosse recharge, avec $100 de crédit Steam pour les soldes d'été.",
    },
    ar: {
      tagline: "الخيار الأوفر",
      description: "الفئة الأكبر، رصيد Steam بقيمة $100 لتخفيضات الصيف.",
    },
  },
  "itunes-25-us": {
    fr: {
      tagline: "Applis, musique, iCloud",
      description: "Pour l'App Store, Apple Music, iCloud+ et plus encore, sur les comptes Apple américains.",
    },
    ar: {
      tagline: "تطبيقات وموسيقى و iCloud",
      description: "تُستخدم في App Store و Apple Music و iCloud+ وغيرها على حسابات Apple الأمريكية.",
    },
  },
  "gplay-10-us": {
    fr: {
      description:
        "Du crédit Google Play pour les applis, les jeux, les livres et les films, sur les comptes américains.",
    },
    ar: { description: "رصيد Google Play لشراء التطبيقات والألعاب والكتب والأفلام على الحسابات الأمريكية." },
  },
  "gplay-25-us": {
    fr: { description: "Du crédit Google Play pour les applis, les jeux et les achats intégrés." },
    ar: { description: "رصيد Google Play للتطبيقات والألعاب وعمليات الشراء داخل التطبيقات." },
  },
  "amazon-50-us": {
    fr: {
      tagline: "Achetez ce qui vous plaît",
      description: "Un code de carte cadeau Amazon.com utilisable sur les comptes américains.",
    },
    ar: {
      tagline: "تسوّق ما تشاء",
      description: "رمز بطاقة هدايا Amazon.com يُستخدم على الحسابات الأمريكية.",
    },
  },
  "netflix-30": {
    fr: {
      tagline: "Du streaming sans carte bancaire",
      description: "Réglez votre abonnement Netflix avec un code prépayé.",
    },
    ar: {
      tagline: "شاهد دون بطاقة ائتمان",
      description: "ادفع اشتراك Netflix برمز مدفوع مسبقًا.",
    },
  },
  "spotify-3m": {
    fr: {
      tagline: "De la musique sans pub",
      description: "Trois mois de Spotify Premium, sans publicité et avec l'écoute hors connexion.",
    },
    ar: {
      tagline: "موسيقى بلا إعلانات",
      description: "ثلاثة أشهر من Spotify Premium للاستماع بلا إعلانات وحتى دون اتصال بالإنترنت.",
    },
  },
  "ps-plus-essential-12": {
    fr: {
      tagline: "Jeu en ligne et jeux mensuels",
      description:
        "Douze mois de PlayStation Plus Essential, avec le multijoueur en ligne, des jeux chaque mois et la sauvegarde dans le cloud.",
    },
    ar: {
      tagline: "اللعب عبر الإنترنت وألعاب شهرية",
      description:
        "اثنا عشر شهرًا من PlayStation Plus Essential: اللعب الجماعي عبر الإنترنت وألعاب شهرية وحفظ البيانات في السحابة.",
    },
  },
  "ps-plus-extra-12": {
    fr: {
      tagline: "Des centaines de jeux",
      description: "Tous les avantages d'Essential, plus un catalogue de plusieurs centaines de jeux PS5 et PS4.",
    },
    ar: {
      tagline: "مئات الألعاب",
      description: "كل مزايا Essential بالإضافة إلى مكتبة تضم مئات الألعاب على PS5 و PS4.",
    },
  },
  "ps-plus-premium-12": {
    fr: {
      tagline: "Classiques et streaming",
      description: "La formule PlayStation Plus la plus complète, avec des classiques et le streaming dans le cloud.",
    },
    ar: {
      tagline: "ألعاب كلاسيكية وبث سحابي",
      description: "أعلى فئات PlayStation Plus، مع الألعاب الكلاسيكية واللعب عبر البث السحابي.",
    },
  },
  "gamepass-ultimate-1": {
    fr: {
      tagline: "Les nouveautés dès leur sortie",
      description: "Des centaines de jeux sur console, PC et dans le cloud, avec EA Play et le multijoueur en ligne.",
    },
    ar: {
      tagline: "الألعاب الجديدة من يوم إطلاقها",
      description: "مئات الألعاب على جهاز Xbox والحاسوب والسحابة، مع EA Play واللعب الجماعي عبر الإنترنت.",
    },
  },
  "gamepass-pc-3": {
    fr: { description: "Trois mois de PC Game Pass, avec de nouveaux jeux chaque mois." },
    ar: { description: "ثلاثة أشهر من PC Game Pass مع ألعاب جديدة كل شهر." },
  },
  "gamepass-core-12": {
    fr: { description: "Le multijoueur en ligne sur console et une sélection de jeux." },
    ar: { description: "اللعب الجماعي عبر الإنترنت على جهاز Xbox ومجموعة مختارة من الألعاب." },
  },
  "eshop-20-us": {
    fr: {
      tagline: "Pour les joueurs sur Switch",
      description:
        "Du crédit Nintendo eShop pour les jeux et les contenus téléchargeables, sur les comptes américains.",
    },
    ar: {
      tagline: "لمالكي أجهزة Switch",
      description: "رصيد Nintendo eShop لشراء الألعاب والمحتوى الإضافي على الحسابات الأمريكية.",
    },
  },
  "eshop-35-us": {
    fr: { description: "Du crédit Nintendo eShop pour les comptes américains." },
    ar: { description: "رصيد Nintendo eShop للحسابات الأمريكية." },
  },
  "switch-online-12": {
    fr: {
      tagline: "Jeu en ligne et classiques",
      description: "Douze mois de Nintendo Switch Online pour un compte.",
    },
    ar: {
      tagline: "اللعب عبر الإنترنت وألعاب كلاسيكية",
      description: "اثنا عشر شهرًا من Nintendo Switch Online لحساب واحد.",
    },
  },
  "elden-ring": {
    fr: {
      tagline: "Jeu de l'année",
      description: "Levez-vous, Sans-éclat. Le RPG d'action en monde ouvert maintes fois récompensé, en clé Steam.",
    },
    ar: {
      tagline: "لعبة العام",
      description: "لعبة تقمّص أدوار وحركة في عالم مفتوح حائزة على جوائز عديدة، تصلك كمفتاح Steam.",
    },
  },
  "cyberpunk-2077": {
    fr: {
      description: "Un jeu d'action-aventure en monde ouvert qui se déroule à Night City, livré sous forme de clé GOG.",
    },
    ar: { description: "لعبة حركة ومغامرات في عالم مفتوح تدور أحداثها في Night City، تصلك كمفتاح GOG." },
  },
  "baldurs-gate-3": {
    fr: { description: "Rassemblez votre groupe et retournez dans les Royaumes oubliés." },
    ar: { description: "اجمع فريقك وعُد إلى الممالك المنسية." },
  },
  "ea-fc-26-ps5": {
    fr: {
      tagline: "Nouvelle saison",
      description: "Le football du monde entier sur PS5, livré sous forme de code à utiliser sur le PlayStation Store.",
    },
    ar: {
      tagline: "موسم جديد",
      description: "لعبة كرة القدم الأشهر في العالم على PS5، تصلك كقسيمة PlayStation Store.",
    },
  },
  "forza-horizon-6": {
    fr: {
      tagline: "Accès anticipé disponible",
      description: "Des courses en monde ouvert sur Xbox Series X|S et Windows.",
    },
    ar: {
      tagline: "الوصول المبكر متاح",
      description: "سباقات في عالم مفتوح على Xbox Series X|S و Windows.",
    },
  },
  "zelda-echoes": {
    fr: {
      description: "Une nouvelle aventure de Zelda sur Nintendo Switch, sous forme de code de téléchargement eShop.",
    },
    ar: { description: "مغامرة جديدة من سلسلة Zelda على Nintendo Switch، كرمز تنزيل من eShop." },
  },
  "hogwarts-legacy": {
    fr: { description: "Vivez une aventure inédite dans le monde des sorciers des années 1800." },
    ar: { description: "عِش مغامرة لم تُكتب بعد في عالم السحرة في القرن التاسع عشر." },
  },
  "gta-v-premium": {
    fr: {
      description: "L'intégralité du mode histoire de GTA V, avec en prime le Criminal Enterprise Starter Pack.",
    },
    ar: { description: "طور القصة الكامل في GTA V، ومعه Criminal Enterprise Starter Pack." },
  },
  "valorant-1000": {
    fr: {
      tagline: "Des Riot Points pour Valorant",
      description: "1000 Valorant Points pour des apparences, des passes de combat et des agents.",
    },
    ar: {
      tagline: "نقاط Riot للعبة Valorant",
      description: "1000 من Valorant Points لشراء المظاهر وتصاريح المعارك والعملاء.",
    },
  },
  "pubg-uc-660": {
    fr: { description: "660 Unknown Cash pour PUBG Mobile, livrés sous forme de code à échanger." },
    ar: { description: "660 من Unknown Cash للعبة PUBG Mobile، تصلك كرمز استرداد." },
  },
  "freefire-1080": {
    fr: { description: "1080 diamants pour Garena Free Fire." },
    ar: { description: "1080 ماسة للعبة Garena Free Fire." },
  },
  "fortnite-2800": {
    fr: { description: "2800 V-Bucks pour Fortnite, sur toutes les plateformes." },
    ar: { description: "2800 من V-Bucks للعبة Fortnite على جميع المنصات." },
  },
  "lol-rp-1380": {
    fr: { description: "1380 Riot Points pour League of Legends sur les serveurs européens." },
    ar: { description: "1380 من Riot Points للعبة League of Legends على الخوادم الأوروبية." },
  },
  "mlbb-diamonds-500": {
    fr: { description: "500 diamants pour Mobile Legends: Bang Bang." },
    ar: { description: "500 ماسة للعبة Mobile Legends: Bang Bang." },
  },
  "cod-points-2400": {
    fr: { description: "2400 COD Points pour Black Ops et Warzone sur Xbox." },
    ar: { description: "2400 من COD Points لألعاب Black Ops و Warzone على Xbox." },
  },
  "office-365-family": {
    fr: {
      tagline: "Jusqu'à six personnes",
      description:
        "Word, Excel, PowerPoint, Outlook et 1 To de stockage OneDrive par personne, pour six personnes maximum.",
    },
    ar: {
      tagline: "حتى ستة أشخاص",
      description:
        "Word و Excel و PowerPoint و Outlook، مع مساحة تخزين 1 تيرابايت على OneDrive لكل شخص، لما يصل إلى ستة أشخاص.",
    },
  },
  "windows-11-pro": {
    fr: {
      tagline: "Licence à vie",
      description: "Une clé de produit Windows 11 Pro, en licence Retail.",
    },
    ar: {
      tagline: "ترخيص مدى الحياة",
      description: "مفتاح منتج لنظام Windows 11 Pro بإصدار البيع بالتجزئة.",
    },
  },
  "kaspersky-plus": {
    fr: { description: "Antivirus, VPN et gestionnaire de mots de passe pour un appareil." },
    ar: { description: "مضاد فيروسات وشبكة VPN ومدير كلمات مرور لجهاز واحد." },
  },
  "nordvpn-1y": {
    fr: { description: "Une navigation privée sur six appareils pendant un an." },
    ar: { description: "تصفّح خاص على ستة أجهزة لمدة عام." },
  },
  "adobe-cc-1m": {
    fr: { description: "Toutes les applications Adobe pendant un mois, sur un compte Adobe américain." },
    ar: { description: "جميع تطبيقات Adobe لمدة شهر على حساب Adobe أمريكي." },
  },
  "discord-nitro-1m": {
    fr: {
      tagline: "Boosts et streaming HD",
      description: "Un mois de Discord Nitro avec deux boosts de serveur.",
    },
    ar: {
      tagline: "تعزيزات وبث بدقة عالية",
      description: "شهر واحد من Discord Nitro مع تعزيزين للخادم.",
    },
  },
  "youtube-premium-3m": {
    fr: { description: "YouTube sans publicité, la lecture en arrière-plan et YouTube Music." },
    ar: { description: "YouTube بلا إعلانات، مع التشغيل في الخلفية و YouTube Music." },
  },
  "ea-play-12": {
    fr: { description: "Une bibliothèque de jeux EA et des versions d'essai des nouveautés." },
    ar: { description: "مكتبة من ألعاب EA ونسخ تجريبية من أحدث الإصدارات." },
  },
};

/** Per category, by its English name. The subscription and Nintendo categories get a word around the brand, so the
 * name reads in the shopper's language while the brand stays as it is. Console, PC and Esports are named as the
 * home page's tiles that link to them already are in the storefront's own translations (client/src/i18n/locales):
 * French writes the first two as English does. */
export const DEMO_CATEGORY_TEXTS: Readonly<Record<string, Readonly<Record<CatalogLang, { name: string }>>>> = {
  "Gift Cards": { fr: { name: "Cartes cadeaux" }, ar: { name: "بطاقات الهدايا" } },
  "PlayStation Cards": { fr: { name: "Cartes PlayStation" }, ar: { name: "بطاقات PlayStation" } },
  "Xbox Cards": { fr: { name: "Cartes Xbox" }, ar: { name: "بطاقات Xbox" } },
  "Steam Wallet": { fr: { name: "Porte-monnaie Steam" }, ar: { name: "محفظة Steam" } },
  "Apple & Google": { fr: { name: "Apple et Google" }, ar: { name: "Apple و Google" } },
  Console: { fr: { name: "Console" }, ar: { name: "أجهزة الألعاب" } },
  "PlayStation Plus": { fr: { name: "Abonnements PlayStation Plus" }, ar: { name: "اشتراكات PlayStation Plus" } },
  "Xbox Game Pass": { fr: { name: "Abonnements Xbox Game Pass" }, ar: { name: "اشتراكات Xbox Game Pass" } },
  Nintendo: { fr: { name: "Univers Nintendo" }, ar: { name: "عالم Nintendo" } },
  PC: { fr: { name: "PC" }, ar: { name: "الحاسوب" } },
  "PC Games": { fr: { name: "Jeux PC" }, ar: { name: "ألعاب الحاسوب" } },
  Esports: { fr: { name: "Esport" }, ar: { name: "الرياضات الإلكترونية" } },
  "Mobile Currency": { fr: { name: "Monnaies de jeux mobiles" }, ar: { name: "عملات ألعاب الجوال" } },
  Subscriptions: { fr: { name: "Abonnements" }, ar: { name: "الاشتراكات" } },
  Software: { fr: { name: "Logiciels" }, ar: { name: "البرامج" } },
};

/** Per banner, by its English title. */
export const DEMO_BANNER_TEXTS: Readonly<Record<string, Readonly<Record<CatalogLang, { title: string }>>>> = {
  "Instant game keys": {
    fr: { title: "Des clés de jeu livrées instantanément" },
    ar: { title: "مفاتيح ألعاب تصلك فورًا" },
  },
  "Gift cards for every console": {
    fr: { title: "Des cartes cadeaux pour toutes les consoles" },
    ar: { title: "بطاقات هدايا لجميع أجهزة الألعاب" },
  },
  "Esports top-ups": {
    fr: { title: "Recharges pour l'esport" },
    ar: { title: "شحن ألعاب الرياضات الإلكترونية" },
  },
};
