// The offline page's texts in the visitor's language (the app's `lang` preference, else the browser's).
(function () {
  var texts = {
    en: {
      title: "You are offline",
      text: "This page needs the network. Keep this link and open it again when you are back online.",
      retry: "Try again",
      home: "Go to the store",
    },
    fr: {
      title: "Vous êtes hors ligne",
      text: "Cette page a besoin du réseau. Gardez ce lien et rouvrez-le quand la connexion sera revenue.",
      retry: "Réessayer",
      home: "Aller à la boutique",
    },
    ar: {
      title: "أنت غير متصل بالإنترنت",
      text: "تحتاج هذه الصفحة إلى الشبكة. احتفظ بهذا الرابط وافتحه مجددًا عند عودة الاتصال.",
      retry: "إعادة المحاولة",
      home: "الذهاب إلى المتجر",
    },
  };
  var lang;
  try {
    lang = localStorage.getItem("lang");
  } catch {
    lang = null;
  }
  if (!texts[lang]) lang = (navigator.language || "en").slice(0, 2);
  if (!texts[lang]) lang = "en";
  var t = texts[lang];
  var d = document.documentElement;
  d.lang = lang;
  d.dir = lang === "ar" ? "rtl" : "ltr";
  document.title = t.title;
  document.getElementById("offline-title").textContent = t.title;
  document.getElementById("offline-text").textContent = t.text;
  var retry = document.getElementById("offline-retry");
  retry.textContent = t.retry;
  retry.href = location.href;
  document.getElementById("offline-home").textContent = t.home;
  document.getElementById("offline-link").textContent = location.href;
})();
