import '@/i18n';
